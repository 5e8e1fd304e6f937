import { describe, expect, it } from 'vitest';
import { excerpt, formatDate, formatDateTime, formatMonthYear, initials, safeNext } from './format';

describe('excerpt', () => {
  it('keeps a short text whole', () => {
    expect(excerpt('Call 000 now.', 20)).toBe('Call 000 now.');
  });

  it('cuts a long text after a whole word and ends it with an ellipsis', () => {
    expect(excerpt('Lifeline is open every day and night', 20)).toBe('Lifeline is open…');
    expect(excerpt('Lifeline is open every day and night', 20).length).toBeLessThanOrEqual(21);
  });

  it('cuts inside a word that is longer than half the limit', () => {
    expect(excerpt(`See ${'x'.repeat(30)}`, 20)).toBe(`See ${'x'.repeat(16)}…`);
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last names, at most two', () => {
    expect(initials('Nguyen Van Anh')).toBe('NA');
    expect(initials('linh')).toBe('L');
    expect(initials('  ')).toBe('?');
    expect(initials('Linh (demo)')).toBe('L');
  });
});

describe('safeNext', () => {
  it('follows paths of this site, with their query and fragment', () => {
    expect(safeNext('/profile?tab=1')).toBe('/profile?tab=1');
    expect(safeNext('/questions/5f0c1a2b-0000-4000-8000-000000000000#replies')).toBe(
      '/questions/5f0c1a2b-0000-4000-8000-000000000000#replies',
    );
    expect(safeNext('/')).toBe('/');
    expect(safeNext('/resources?q=legal%2Faid')).toBe('/resources?q=legal%2Faid');
    expect(safeNext('/government?q=Centrelink support')).toBe('/government?q=Centrelink%20support');
    expect(safeNext('/faq/../profile')).toBe('/profile');
  });

  // The values as the login page reads them from ?next=, that is once decoded.
  it.each([
    ['nothing', null],
    ['an empty value', ''],
    ['another site', 'https://evil.example/'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'profile'],
    ['a protocol-relative URL', '//evil.example'],
    ['three slashes', '///evil.example'],
    ['a backslash (read as a slash)', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a tab (dropped by browsers): next=/%09/host', '/\t/evil.example'],
    ['a newline', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['a NUL', '/profile\u0000'],
    ['DEL', '/profile\u007f'],
    ['an encoded double slash: next=/%252F%252Fhost', '/%2F%2Fevil.example'],
    ['an encoded slash then a slash', '/%2F/evil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['an encoded tab', '/%09/evil.example'],
    ['a double-encoded double slash', '/%252F%252Fevil.example'],
    ['a dot segment that makes a double slash', '/.//evil.example'],
    ['a bad escape', '/%E0%A4%A'],
    ['a very long path', `/${'a'.repeat(2_001)}`],
  ])('goes home instead of following %s', (_what, next) => {
    expect(safeNext(next)).toBe('/');
  });

  it.each(['next=/%09/host', 'next=/%5C%5Chost', 'next=//host', 'next=/%2F%2Fhost', 'next=/%252F%252Fhost'])(
    'goes home from the login address ?%s',
    (query) => {
      expect(safeNext(new URLSearchParams(query).get('next'))).toBe('/');
    },
  );

  it('reads what it accepts as this site reads it', () => {
    for (const next of ['/profile', '/questions/1?x=%2F%2F#a', '/a/b/../c']) {
      const resolved = new URL(safeNext(next), 'https://mentor.example');
      expect(resolved.origin).toBe('https://mentor.example');
      expect(resolved.pathname.startsWith('//')).toBe(false);
    }
  });
});

describe('formatDate', () => {
  it('writes dates in Australian English and in Vietnamese', () => {
    expect(formatDate('2026-11-22', 'en')).toBe('22 November 2026');
    expect(formatDate('2026-11-22', 'vi')).toContain('2026');
  });

  it('shows a calendar date as the same day in every time zone', () => {
    expect(formatDate('2026-03-14', 'en')).toBe('14 March 2026');
    expect(formatDate('2026-03-14', 'vi')).toMatch(/^14 .*2026$/);
    expect(formatMonthYear('2026-03-01', 'en')).toBe('March 2026');
  });

  it('shows a moment in the reader’s time zone', () => {
    const moment = new Date(2026, 2, 14, 23, 30);
    expect(formatDate(moment, 'en')).toBe('14 March 2026');
    expect(formatDate(moment.toISOString(), 'en')).toBe('14 March 2026');
  });
});

describe('formatDateTime', () => {
  const moment = '2026-03-14T12:30:00.000Z';

  it('writes the month, day and time in English as the spec’s MMM d, h:mm a', () => {
    expect(formatDateTime(moment, 'en', 'Australia/Sydney')).toBe('Mar 14, 11:30 PM');
    expect(formatDateTime(moment, 'en', 'UTC')).toBe('Mar 14, 12:30 PM');
  });

  it('writes it in Vietnamese with the 24-hour clock', () => {
    expect(formatDateTime(moment, 'vi', 'Asia/Ho_Chi_Minh')).toBe('19:30 14 thg 3');
    expect(formatDateTime(moment, 'vi', 'Australia/Perth')).toBe('20:30 14 thg 3');
  });

  it('moves to the next day where the moment already is tomorrow', () => {
    const lateUtc = '2026-03-14T20:05:00.000Z';
    expect(formatDateTime(lateUtc, 'en', 'UTC')).toBe('Mar 14, 8:05 PM');
    expect(formatDateTime(lateUtc, 'en', 'Australia/Melbourne')).toBe('Mar 15, 7:05 AM');
    expect(formatDateTime(lateUtc, 'vi', 'Australia/Melbourne')).toBe('7:05 15 thg 3');
  });

  it('uses the reader’s own zone when none is given', () => {
    const local = new Date(2026, 10, 2, 9, 7);
    expect(formatDateTime(local, 'en')).toBe('Nov 2, 9:07 AM');
  });
});
