import type { Locale } from '../../shared/constants';

const TAGS: Record<Locale, string> = { en: 'en-AU', vi: 'vi-VN' };

/** Dates in Australian English format, or Vietnamese. */
export function formatDate(value: string | Date, locale: Locale): string {
  return new Intl.DateTimeFormat(TAGS[locale], { day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(value),
  );
}

export function formatMonthYear(value: string | Date, locale: Locale): string {
  return new Intl.DateTimeFormat(TAGS[locale], { month: 'long', year: 'numeric' }).format(new Date(value));
}

export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(TAGS[locale]).format(value);
}

/** First letters of the first and last words of a name, at most two; words that are not names are skipped. */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word));
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/** Only same-site paths are followed after sign-in. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago" / "3 giờ trước"; under a minute, the caller's "just now". */
export function relativeTime(
  value: string | Date,
  locale: Locale,
  justNow: string,
  now = Date.now(),
): string {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(TAGS[locale], { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return justNow;
}
