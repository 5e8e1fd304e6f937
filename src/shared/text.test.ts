import { describe, expect, it } from 'vitest';
import { excerpt } from './text';

describe('excerpt', () => {
  it('keeps a text that fits whole', () => {
    expect(excerpt('Call 000 now.', 20)).toBe('Call 000 now.');
    expect(excerpt('x'.repeat(20), 20)).toBe('x'.repeat(20));
  });

  it('cuts a long text after a whole word and ends it with an ellipsis', () => {
    expect(excerpt('Lifeline is open every day and night', 20)).toBe('Lifeline is open…');
    expect(excerpt('Lifeline is open every day and night', 20).length).toBeLessThanOrEqual(21);
  });

  it('keeps a last word that ends exactly at the limit', () => {
    expect(excerpt('Lifeline is open every day', 16)).toBe('Lifeline is open…');
  });

  it('cuts at any whitespace, a line break too', () => {
    expect(excerpt('Where do I find\ntax numbers', 18)).toBe('Where do I find…');
    expect(excerpt('Bond and rent\n\n\n\n\n\nlease', 16)).toBe('Bond and rent…');
  });

  it('cuts inside a word that would leave less than half the limit', () => {
    expect(excerpt(`See ${'x'.repeat(30)}`, 20)).toBe(`See ${'x'.repeat(16)}…`);
    expect(excerpt('https://www.servicesaustralia.gov.au/medicare', 20)).toBe('https://www.services…');
  });

  it('does not split a character made of two code units', () => {
    const text = `${'a'.repeat(19)}😀 and more`;
    expect(excerpt(text, 20)).toBe(`${'a'.repeat(19)}…`);
  });

  it('cuts Vietnamese at a word', () => {
    expect(excerpt('Làm sao để xin mã số thuế khi mới đến Úc', 22)).toBe('Làm sao để xin mã số…');
  });
});
