import type { Locale } from '../../shared/constants';

const TAGS: Record<Locale, string> = { en: 'en-AU', vi: 'vi-VN' };

/** A calendar date without a time ("2026-03-14"): JavaScript reads it as midnight UTC. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Formats a date or a moment. A calendar date is formatted in UTC, the zone it was read in, so it shows the
 * same day everywhere; a moment is shown in the reader's own time zone.
 */
function formatCalendar(value: string | Date, locale: Locale, options: Intl.DateTimeFormatOptions): string {
  const timeZone = typeof value === 'string' && DATE_ONLY.test(value) ? 'UTC' : undefined;
  return new Intl.DateTimeFormat(TAGS[locale], { ...options, timeZone }).format(new Date(value));
}

/** Dates in Australian English format, or Vietnamese. */
export function formatDate(value: string | Date, locale: Locale): string {
  return formatCalendar(value, locale, { day: 'numeric', month: 'long', year: 'numeric' });
}

export function formatMonthYear(value: string | Date, locale: Locale): string {
  return formatCalendar(value, locale, { month: 'long', year: 'numeric' });
}

/**
 * A message's or conversation's moment, the spec's "MMM d, h:mm a" in the reader's language: "Mar 14, 11:30 PM"
 * in English, "23:30 14 thg 3" in Vietnamese (which writes the 24-hour clock). Shown in the reader's time zone
 * unless one is given.
 */
export function formatDateTime(value: string | Date, locale: Locale, timeZone?: string): string {
  const format = new Intl.DateTimeFormat(TAGS[locale], {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  });
  if (locale !== 'en') return format.format(new Date(value));
  const part = Object.fromEntries(format.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return `${part.month} ${part.day}, ${part.hour}:${part.minute} ${String(part.dayPeriod).toUpperCase()}`;
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

const NEXT_MAX_LENGTH = 2_000;
const SITE = 'https://mentor-me.invalid';

/** Characters browsers drop or rewrite inside URLs: tabs, newlines and other controls, and backslashes. */
function hasUnsafe(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/**
 * Only paths of this site are followed after sign-in; anything else goes home. Browsers drop tabs and newlines
 * from URLs and read a backslash as a slash, so "/<tab>/host" and "/<backslash>host" are "//host", another
 * site; "/%2F%2Fhost" becomes it once decoded. Such characters are refused as written and decoded, and the
 * answer is the path as a URL parser reads it.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || next.length > NEXT_MAX_LENGTH || !next.startsWith('/') || hasUnsafe(next)) return '/';
  let url: URL;
  try {
    url = new URL(next, SITE);
  } catch {
    return '/';
  }
  if (url.origin !== SITE) return '/';
  let path = url.pathname;
  for (let round = 0; ; round += 1) {
    if (path.startsWith('//') || hasUnsafe(path)) return '/';
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return '/';
    }
    if (decoded === path) break;
    // Encoded again and again: nothing a person would follow.
    if (round === 3) return '/';
    path = decoded;
  }
  return `${url.pathname}${url.search}${url.hash}`;
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

/**
 * The start of a long text, for a card that shows a few lines of it: at most `max` characters, cut after a whole
 * word and ended with "…". A card whose lines are clamped keeps only what it can show in the page, not a whole answer.
 */
export function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.search(/\s\S*$/);
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
