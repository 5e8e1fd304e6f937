import type { MessageKey, TFunction } from '../../shared/i18n';
import { language, type Locale } from '../../shared/languages';

/*
 * Dates and numbers on the public pages are written here rather than by Intl, whose first formatter of a page takes
 * some 15 ms to make (60 ms on a slow phone), in the middle of the page's first render. They read as Intl writes
 * them (format.test.ts compares the two).
 */

const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A calendar date without a time ("2026-03-14"): JavaScript reads it as midnight UTC. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date's day, month (0–11) and year. A calendar date is read in UTC, the zone it was written in, so it shows the
 * same day everywhere; a moment is shown in the reader's own time zone.
 */
function calendar(value: string | Date) {
  const date = new Date(value);
  return typeof value === 'string' && DATE_ONLY.test(value)
    ? { day: date.getUTCDate(), month: date.getUTCMonth(), year: date.getUTCFullYear() }
    : { day: date.getDate(), month: date.getMonth(), year: date.getFullYear() };
}

const MONTHS_NE = [
  'जनवरी',
  'फेब्रुअरी',
  'मार्च',
  'अप्रिल',
  'मे',
  'जुन',
  'जुलाई',
  'अगस्ट',
  'सेप्टेम्बर',
  'अक्टोबर',
  'नोभेम्बर',
  'डिसेम्बर',
];

type Day = { day: number; month: number; year: number };

/** Each language's dates (as Intl writes them in its `intl` locale) and numbers. */
const WRITTEN: Record<
  Locale,
  {
    date: (d: Day) => string;
    monthYear: (d: Day) => string;
    /** Thousands and decimal separators; `lakh` groups by two above the thousands, as Nepali does (12,34,567). */
    separators: [string, string];
    lakh?: boolean;
  }
> = {
  en: {
    date: ({ day, month, year }) => `${day} ${MONTHS_EN[month]} ${year}`,
    monthYear: ({ month, year }) => `${MONTHS_EN[month]} ${year}`,
    separators: [',', '.'],
  },
  vi: {
    date: ({ day, month, year }) => `${day} tháng ${month + 1}, ${year}`,
    monthYear: ({ month, year }) => `tháng ${month + 1} năm ${year}`,
    separators: ['.', ','],
  },
  'zh-Hans': {
    date: ({ day, month, year }) => `${year}年${month + 1}月${day}日`,
    monthYear: ({ month, year }) => `${year}年${month + 1}月`,
    separators: [',', '.'],
  },
  ne: {
    date: ({ day, month, year }) => `${year} ${MONTHS_NE[month]} ${day}`,
    monthYear: ({ month, year }) => `${year} ${MONTHS_NE[month]}`,
    separators: [',', '.'],
    lakh: true,
  },
};

/** "14 March 2026" in Australian English, "14 tháng 3, 2026" in Vietnamese, "2026年3月14日" in Chinese. */
export function formatDate(value: string | Date, locale: Locale): string {
  return WRITTEN[locale].date(calendar(value));
}

/** "March 2026", "tháng 3 năm 2026", "2026年3月". */
export function formatMonthYear(value: string | Date, locale: Locale): string {
  return WRITTEN[locale].monthYear(calendar(value));
}

/**
 * A message's or conversation's moment, the spec's "MMM d, h:mm a" in the reader's language: "Mar 14, 11:30 PM"
 * in English, "23:30 14 thg 3" in Vietnamese (which writes the 24-hour clock). Shown in the reader's time zone
 * unless one is given.
 */
export function formatDateTime(value: string | Date, locale: Locale, timeZone?: string): string {
  const format = new Intl.DateTimeFormat(language(locale).intl, {
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

/** "1,234.5" in English, "1.234,5" in Vietnamese: up to three decimals, as Intl's NumberFormat writes them. */
export function formatNumber(value: number, locale: Locale): string {
  const { separators, lakh } = WRITTEN[locale];
  const [thousands, decimals] = separators;
  const [whole = '0', fraction] = Math.abs(value)
    .toFixed(3)
    .replace(/\.?0+$/, '')
    .split('.');
  const sign = value < 0 && (whole !== '0' || fraction) ? '-' : '';
  const grouped = lakh
    ? whole.replace(/\B(?=(\d{2})*\d{3}$)/g, thousands)
    : whole.replace(/\B(?=(\d{3})+$)/g, thousands);
  return sign + grouped + (fraction ? decimals + fraction : '');
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

const UNITS = [
  ['time.years', 365 * 24 * 3600],
  ['time.months', 30 * 24 * 3600],
  ['time.weeks', 7 * 24 * 3600],
  ['time.days', 24 * 3600],
  ['time.hours', 3600],
  ['time.minutes', 60],
] as const satisfies [MessageKey, number][];

/**
 * "3 hours ago" / "3 giờ trước" at `now` (a screen's from lib/clock.ts); under a minute (or a moment ahead of the
 * reader's clock), "just now". In the app's own texts rather than by Intl (as dates, above).
 */
export function relativeTime(value: string | Date, t: TFunction, now: number): string {
  const seconds = Math.round((now - new Date(value).getTime()) / 1000);
  for (const [key, size] of UNITS) if (seconds >= size) return t(key, { count: Math.round(seconds / size) });
  return t('time.justNow');
}
