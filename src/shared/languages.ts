/**
 * The languages Mentor Me speaks: the one list that the switcher, `<html lang dir>`, Accept-Language, accounts'
 * `locale`, emails, push, server texts, fonts, Chloe and the tests follow. Adding a language is adding its
 * text files (src/shared/i18n/*.<code>.ts) and its entry here; the compiler then names each table keyed by language
 * that needs its part (its text files in i18n/texts.ts, its dates in the app's format.ts).
 */

/**
 * How Chloe cuts a text of the language into the units she matches (server/modules/chloe/segments.ts): English words
 * by their stems; Vietnamese syllables, also in neighbouring pairs and without diacritics; Chinese characters and
 * neighbouring pairs of them (it has no spaces); words without the postpositions they carry (Nepali).
 */
export type WordRule = 'stems' | 'syllables' | 'characters' | 'postpositions';

interface Language {
  code: string;
  /**
   * Its name in each language of the list, as a sentence reads it ("Written in Vietnamese", "越南语"): browsers'
   * own names (Intl.DisplayNames) are missing for some languages on some phones. A test checks that every language
   * names every other.
   */
  names: Readonly<Record<string, string>>;
  /** The name in English (admin screens, logs) and in the language itself (the switcher). */
  englishName: string;
  ownName: string;
  /** Its code as the detector of a post's language (tinyld, server/lib/text.ts) names it. */
  detectAs: string;
  /** ISO 15924 script. */
  script: 'Latn' | 'Hans' | 'Deva' | 'Arab';
  dir: 'ltr' | 'rtl';
  /** The locale dates and numbers are written in (`-u-nu-latn`: digits 0-9, as phone numbers are). */
  intl: string;
  /** Accept-Language tags (lower case, prefixes match: `zh` takes `zh-CN`) that mean this language. */
  matches: readonly string[];
  words: WordRule;
  /** The font stack its pages use first: the system's fonts for its script, so nothing is downloaded or shifts. */
  fonts?: string;
  /** Its name in the directory's table of languages spoken (schemas/languages.ts): help in it is shown first. */
  spokenAs?: string;
}

export const LANGUAGES = [
  {
    code: 'en',
    names: { en: 'English', vi: 'Tiếng Anh', 'zh-Hans': '英语', ne: 'अङ्ग्रेजी' },
    detectAs: 'en',
    englishName: 'English',
    ownName: 'English',
    script: 'Latn',
    dir: 'ltr',
    intl: 'en-AU',
    matches: ['en'],
    words: 'stems',
  },
  {
    code: 'vi',
    names: { en: 'Vietnamese', vi: 'Tiếng Việt', 'zh-Hans': '越南语', ne: 'भियतनामी' },
    detectAs: 'vi',
    englishName: 'Vietnamese',
    ownName: 'Tiếng Việt',
    script: 'Latn',
    dir: 'ltr',
    intl: 'vi-VN',
    matches: ['vi'],
    words: 'syllables',
    spokenAs: 'Vietnamese',
  },
  {
    code: 'zh-Hans',
    names: { en: 'Chinese', vi: 'Tiếng Trung', 'zh-Hans': '中文', ne: 'चिनियाँ' },
    detectAs: 'zh',
    englishName: 'Chinese (Simplified)',
    ownName: '简体中文',
    script: 'Hans',
    dir: 'ltr',
    intl: 'zh-Hans-CN',
    // Readers of Traditional Chinese read Simplified far better than English; no Traditional texts exist yet.
    matches: ['zh'],
    words: 'characters',
    spokenAs: 'Mandarin',
    fonts:
      '"PingFang SC", "Noto Sans SC", "Noto Sans CJK SC", "Source Han Sans SC", "Microsoft YaHei", sans-serif',
  },
  {
    code: 'ne',
    names: { en: 'Nepali', vi: 'Tiếng Nepal', 'zh-Hans': '尼泊尔语', ne: 'नेपाली' },
    detectAs: 'ne',
    englishName: 'Nepali',
    ownName: 'नेपाली',
    script: 'Deva',
    dir: 'ltr',
    intl: 'ne-NP-u-nu-latn',
    matches: ['ne'],
    words: 'postpositions',
    spokenAs: 'Nepali',
    fonts: '"Noto Sans Devanagari", "Kohinoor Devanagari", "Nirmala UI", "Mangal", sans-serif',
  },
] as const satisfies readonly Language[];

export type Locale = (typeof LANGUAGES)[number]['code'];
export type LanguageInfo = (typeof LANGUAGES)[number];

/** The codes, in the list's order (a tuple, for `z.enum`). */
export const LOCALES = LANGUAGES.map((language) => language.code) as unknown as readonly [
  Locale,
  ...Locale[],
];
export const DEFAULT_LOCALE: Locale = 'en';

const byCode = new Map<string, LanguageInfo>(LANGUAGES.map((language) => [language.code, language]));

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && byCode.has(value);
}

export function language(locale: Locale): LanguageInfo {
  return byCode.get(locale)!;
}

/** The language an Accept-Language tag means (`zh-CN` -> zh-Hans, `vi-VN` -> vi), if any. */
export function localeOfTag(tag: string): Locale | undefined {
  const lower = tag.trim().toLowerCase();
  if (!lower) return undefined;
  return LANGUAGES.find(
    (language) =>
      language.code.toLowerCase() === lower ||
      language.matches.some((match) => lower === match || lower.startsWith(`${match}-`)),
  )?.code;
}

/** The languages of the list among language codes or tags (a mentor's `zh` is zh-Hans), each once. */
export function localesOf(codes: readonly string[]): Locale[] {
  return [...new Set(codes.flatMap((code) => localeOfTag(code) ?? []))];
}

/** A text in every language it has been written in: English always, the others where written and checked. */
export type Localized = { en: string } & { [L in Locale]?: string };

/**
 * A localized text in the reader's language and the language it is actually in: English when it has not been
 * written in theirs (the screen then marks it `lang="en"` and says so).
 */
export function localized<T>(
  text: { en: T } & { [L in Locale]?: T },
  locale: Locale,
): { value: T; locale: Locale } {
  const own = text[locale];
  return own === undefined ? { value: text.en, locale: 'en' } : { value: own, locale };
}

/** `localized(text, locale).value`. */
export function inReaderLanguage<T>(text: { en: T } & { [L in Locale]?: T }, locale: Locale): T {
  return text[locale] ?? text.en;
}

/** A language we speak named in the reader's language ("Vietnamese", "越南语", "भियतनामी"). */
export function languageName(code: Locale, reader: Locale): string {
  const entry: Language = language(code);
  return entry.names[reader] ?? entry.englishName;
}

/** The Unicode script property of each script the list uses (Simplified Chinese is written in Han characters). */
const SCRIPT_PROPERTY: Record<Language['script'], string> = {
  Latn: 'Latn',
  Hans: 'Hani',
  Deva: 'Deva',
  Arab: 'Arab',
};

/** The languages whose script no other language of the list uses, each with a test for its letters. */
const ownScripts = LANGUAGES.filter(
  (entry) => LANGUAGES.filter((other) => other.script === entry.script).length === 1,
).map((entry) => ({
  code: entry.code,
  letters: new RegExp(`\\p{Script=${SCRIPT_PROPERTY[entry.script]}}`, 'u'),
}));

/** The language a text is written in when its script says it (Chinese characters, Devanagari), else undefined. */
export function scriptLocale(text: string): Locale | undefined {
  return ownScripts.find((entry) => entry.letters.test(text))?.code;
}

/** The directory's name for a language (Vietnamese; Mandarin for the Chinese pages), when help in it is looked up. */
export function spokenAs(locale: Locale): string | undefined {
  const entry: Language = language(locale);
  return entry.spokenAs;
}
