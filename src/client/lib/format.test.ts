import { describe, expect, it } from 'vitest';
import { formatDate, initials, safeNext } from './format';

describe('initials', () => {
  it('takes the first letters of the first and last names, at most two', () => {
    expect(initials('Nguyen Van Anh')).toBe('NA');
    expect(initials('linh')).toBe('L');
    expect(initials('  ')).toBe('?');
    expect(initials('Linh (demo)')).toBe('L');
  });
});

describe('safeNext', () => {
  it('follows only same-site paths', () => {
    expect(safeNext('/profile?tab=1')).toBe('/profile?tab=1');
    expect(safeNext('//evil.example')).toBe('/');
    expect(safeNext('/\\evil.example')).toBe('/');
    expect(safeNext('https://evil.example')).toBe('/');
    expect(safeNext(null)).toBe('/');
  });
});

describe('formatDate', () => {
  it('writes dates in Australian English and in Vietnamese', () => {
    expect(formatDate('2026-11-22', 'en')).toBe('22 November 2026');
    expect(formatDate('2026-11-22', 'vi')).toContain('2026');
  });
});
