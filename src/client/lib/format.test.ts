import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMonthYear,
  formatNumber,
  initials,
  relativeTime,
  safeNext,
} from './format';
import { LANGUAGES } from '../../shared/languages';
import { getFixedT } from './i18n';

describe('relativeTime', () => {
  const now = Date.parse('2026-03-14T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('says how long ago, in the largest whole unit, in each language', () => {
    const en = getFixedT('en');
    const vi = getFixedT('vi');
    expect(relativeTime(ago(60), en, now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60), en, now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600), en, now)).toBe('3 hours ago');
    expect(relativeTime(ago(24 * 3600), en, now)).toBe('1 day ago');
    expect(relativeTime(ago(14 * 24 * 3600), en, now)).toBe('2 weeks ago');
    expect(relativeTime(ago(60 * 24 * 3600), en, now)).toBe('2 months ago');
    expect(relativeTime(ago(400 * 24 * 3600), en, now)).toBe('1 year ago');
    expect(relativeTime(ago(3 * 3600), vi, now)).toBe('3 giờ trước');
    expect(relativeTime(ago(24 * 3600), vi, now)).toBe('1 ngày trước');
  });

  it('rounds to the nearest unit', () => {
    expect(relativeTime(ago(90 * 60), getFixedT('en'), now)).toBe('2 hours ago');
  });

  it('says "just now" under a minute, and for a moment ahead of the clock', () => {
    expect(relativeTime(ago(59), getFixedT('en'), now)).toBe('just now');
    expect(relativeTime(ago(-600), getFixedT('vi'), now)).toBe('vừa xong');
    expect(relativeTime(new Date(now), getFixedT('en'), now)).toBe('just now');
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

  it('reads as Intl writes dates, every month of a year, in every language', () => {
    for (let month = 1; month <= 12; month++) {
      const date = `2026-${String(month).padStart(2, '0')}-0${(month % 9) + 1}`;
      for (const { code: locale, intl: tag } of LANGUAGES) {
        const intl = (options: Intl.DateTimeFormatOptions) =>
          new Intl.DateTimeFormat(tag, { ...options, timeZone: 'UTC' }).format(new Date(date));
        expect(formatDate(date, locale)).toBe(intl({ day: 'numeric', month: 'long', year: 'numeric' }));
        expect(formatMonthYear(date, locale)).toBe(intl({ month: 'long', year: 'numeric' }));
      }
    }
  });

  it('shows a moment in the reader’s time zone', () => {
    const moment = new Date(2026, 2, 14, 23, 30);
    expect(formatDate(moment, 'en')).toBe('14 March 2026');
    expect(formatDate(moment.toISOString(), 'en')).toBe('14 March 2026');
  });
});

describe('formatNumber', () => {
  it('reads as Intl writes numbers, with each language’s separators', () => {
    for (const value of [0, 7, 20, 96, 999, 1000, 1234, 12345, 1234567, 0.5, 2.25, 13.4, 1234.5678, 0.0004]) {
      for (const { code, intl } of LANGUAGES) {
        expect(formatNumber(value, code)).toBe(new Intl.NumberFormat(intl).format(value));
      }
    }
    expect(formatNumber(1234567, 'ne')).toBe('12,34,567');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'vi')).toBe('1.234,5');
    expect(formatNumber(-1500, 'en')).toBe('-1,500');
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
