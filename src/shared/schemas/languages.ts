import type { Locale } from '../constants';
import { inLocale } from '../i18n';

/**
 * The languages a service names, in English and Vietnamese. Content files write a language by its English name
 * (a key here) or, for anything else such as "Free interpreter on request", as an `{ en, vi }` text.
 */
export const LANGUAGE_NAMES = {
  English: 'Tiếng Anh',
  Vietnamese: 'Tiếng Việt',
  Mandarin: 'Tiếng Quan Thoại',
  Cantonese: 'Tiếng Quảng Đông',
  Chinese: 'Tiếng Trung',
  Arabic: 'Tiếng Ả Rập',
  Hindi: 'Tiếng Hindi',
  Punjabi: 'Tiếng Punjab',
  Nepali: 'Tiếng Nepal',
  Korean: 'Tiếng Hàn',
  Japanese: 'Tiếng Nhật',
  Thai: 'Tiếng Thái',
  Indonesian: 'Tiếng Indonesia',
  Malay: 'Tiếng Mã Lai',
  Filipino: 'Tiếng Philippines',
  Tagalog: 'Tiếng Tagalog',
  Spanish: 'Tiếng Tây Ban Nha',
  Portuguese: 'Tiếng Bồ Đào Nha',
  Italian: 'Tiếng Ý',
  Greek: 'Tiếng Hy Lạp',
  Persian: 'Tiếng Ba Tư',
  Farsi: 'Tiếng Farsi',
  Dari: 'Tiếng Dari',
  Pashto: 'Tiếng Pashto',
  Hazaragi: 'Tiếng Hazaragi',
  Urdu: 'Tiếng Urdu',
  Bengali: 'Tiếng Bengal',
  Tamil: 'Tiếng Tamil',
  Sinhala: 'Tiếng Sinhala',
  Telugu: 'Tiếng Telugu',
  Malayalam: 'Tiếng Malayalam',
  Gujarati: 'Tiếng Gujarat',
  Khmer: 'Tiếng Khmer',
  Lao: 'Tiếng Lào',
  Burmese: 'Tiếng Miến Điện',
  Karen: 'Tiếng Karen',
  'Hakha Chin': 'Tiếng Chin Hakha',
  Rohingya: 'Tiếng Rohingya',
  Mongolian: 'Tiếng Mông Cổ',
  Tetum: 'Tiếng Tetum',
  Hmong: 'Tiếng H’Mông',
  Swahili: 'Tiếng Swahili',
  Somali: 'Tiếng Somali',
  Amharic: 'Tiếng Amhara',
  Tigrinya: 'Tiếng Tigrinya',
  Oromo: 'Tiếng Oromo',
  Dinka: 'Tiếng Dinka',
  Nuer: 'Tiếng Nuer',
  Kirundi: 'Tiếng Kirundi',
  Kinyarwanda: 'Tiếng Kinyarwanda',
  French: 'Tiếng Pháp',
  German: 'Tiếng Đức',
  Dutch: 'Tiếng Hà Lan',
  Kurdish: 'Tiếng Kurd',
  Assyrian: 'Tiếng Assyria',
  Turkish: 'Tiếng Thổ Nhĩ Kỳ',
  Hebrew: 'Tiếng Do Thái',
  Armenian: 'Tiếng Armenia',
  Russian: 'Tiếng Nga',
  Ukrainian: 'Tiếng Ukraina',
  Polish: 'Tiếng Ba Lan',
  Croatian: 'Tiếng Croatia',
  Serbian: 'Tiếng Serbia',
  Bosnian: 'Tiếng Bosnia',
  Macedonian: 'Tiếng Macedonia',
  Albanian: 'Tiếng Albania',
  Romanian: 'Tiếng Romania',
  Hungarian: 'Tiếng Hungary',
  Maltese: 'Tiếng Malta',
  Samoan: 'Tiếng Samoa',
  Tongan: 'Tiếng Tonga',
  Fijian: 'Tiếng Fiji',
  Kriol: 'Tiếng Kriol',
  Auslan: 'Ngôn ngữ ký hiệu Auslan',
} as const;

export type LanguageName = keyof typeof LANGUAGE_NAMES;
export const LANGUAGE_KEYS = Object.keys(LANGUAGE_NAMES) as [LanguageName, ...LanguageName[]];

/** A language as the reader reads it: a name from the table, or the note in their language. */
export function languageText(entry: LanguageName | { en: string; vi: string }, locale: 'en' | 'vi'): string {
  if (typeof entry !== 'string') return entry[locale];
  return inLocale(locale, { en: entry, vi: LANGUAGE_NAMES[entry] });
}

/** Whether a listed language is a note about interpreting ("Free interpreter on request"), not a language spoken. */
export function isInterpreterNote(entry: LanguageName | { en: string; vi: string }): boolean {
  return typeof entry !== 'string' && /interpret|translat/i.test(entry.en);
}

/**
 * Languages a mentor can help in: English and Vietnamese first, then the languages most spoken by international
 * students in Australia (by their countries of citizenship: China, India, Nepal, the Philippines, Colombia and
 * Latin America, Pakistan, Indonesia, Thailand, Sri Lanka, Brazil, Korea, Bangladesh), as codes in addresses.
 */
export const MENTOR_LANGUAGES = [
  'en',
  'vi',
  'zh',
  'hi',
  'ne',
  'pa',
  'ur',
  'fil',
  'es',
  'id',
  'th',
  'si',
  'ta',
  'pt',
  'ko',
  'bn',
  'ar',
] as const;
export type MentorLanguage = (typeof MENTOR_LANGUAGES)[number];

/** Each one's name in the directory's table of languages (languages.ts), which has it in both languages. */
const MENTOR_LANGUAGE_NAMES: Record<MentorLanguage, LanguageName> = {
  en: 'English',
  vi: 'Vietnamese',
  zh: 'Mandarin',
  hi: 'Hindi',
  ne: 'Nepali',
  pa: 'Punjabi',
  ur: 'Urdu',
  fil: 'Filipino',
  es: 'Spanish',
  id: 'Indonesian',
  th: 'Thai',
  si: 'Sinhala',
  ta: 'Tamil',
  pt: 'Portuguese',
  ko: 'Korean',
  bn: 'Bengali',
  ar: 'Arabic',
};

/** A mentor language's name for the reader ("Vietnamese", "Tiếng Việt"); an unknown code as it is. */
export function mentorLanguageName(code: string, locale: Locale): string {
  const name = MENTOR_LANGUAGE_NAMES[code as MentorLanguage];
  return name ? languageText(name, locale) : code;
}
