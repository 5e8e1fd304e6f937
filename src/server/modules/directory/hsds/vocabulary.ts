import { GOVERNMENT_CATEGORIES, LOCAL_CATEGORIES, type HelpCategory } from '../../../../shared/directory';
import { pagesEn } from '../../../../shared/i18n/pages.en';
import { pagesVi } from '../../../../shared/i18n/pages.vi';
import { LANGUAGE_KEYS, type LanguageName } from '../../../../shared/schemas/languages';
import { uuidV5 } from './ids';

/**
 * Our words in HSDS: one taxonomy, "Mentor Me directory", whose terms are our categories and the details HSDS 3.0
 * has no field for (our id, the source page, what an organisation offers, Vietnamese text). They are linked to rows
 * through the attribute table. docs/decisions/025-open-referral-hsds.md gives the whole mapping.
 */
export const TAXONOMY = {
  id: uuidV5('taxonomy/mentor-me'),
  name: 'Mentor Me directory',
  description:
    'Categories and details of the Mentor Me directory of help for migrants and international students in Australia. Terms with a code starting "vi-" carry the Vietnamese text of the field they name, on the row they are linked to.',
};

export const HELP_CATEGORIES: HelpCategory[] = [...new Set([...LOCAL_CATEGORIES, ...GOVERNMENT_CATEGORIES])];

export const categoryTermId = (category: HelpCategory) => uuidV5(`term/category/${category}`);

/** The attributes' link_type: what the term says about the linked row. */
export const LINK_TYPES = { category: 'category', detail: 'detail', translation: 'translation' } as const;

/** Terms whose attribute carries a value. */
export const DETAIL_TERMS = {
  directoryId: {
    code: 'mentor-me-id',
    name: 'Mentor Me directory id',
    description:
      'The id of the entry in the Mentor Me directory, "organisation/<id>" or "government/<id>": an import maps the entry back to it.',
  },
  source: {
    code: 'source',
    name: 'Source',
    description:
      'The public page (https) the facts of the entry were last checked against, on its assured_date.',
  },
  languagesSource: {
    code: 'languages-source',
    name: 'Languages source',
    description: 'The public page (https) that states the languages, when it is not the source.',
  },
  offers: {
    code: 'offers',
    name: 'Offers',
    description: 'One kind of help a local organisation offers, in English (in the order it lists them).',
  },
  viName: {
    code: 'vi-name',
    name: 'Vietnamese name',
    description: 'The name of the linked row in Vietnamese.',
  },
  viDescription: {
    code: 'vi-description',
    name: 'Vietnamese description',
    description: 'The description of the linked row in Vietnamese.',
  },
  viEligibility: {
    code: 'vi-eligibility_description',
    name: 'Vietnamese eligibility',
    description: 'The eligibility_description of the linked service in Vietnamese, line for line.',
  },
  viNote: {
    code: 'vi-note',
    name: 'Vietnamese note',
    description: 'The note of the linked language row in Vietnamese.',
  },
  viValue: {
    code: 'vi-value',
    name: 'Vietnamese value',
    description: 'The value of the linked attribute (an "Offers" attribute) in Vietnamese.',
  },
} as const;
export type DetailTerm = keyof typeof DETAIL_TERMS;

export const detailTermId = (term: DetailTerm) => uuidV5(`term/${DETAIL_TERMS[term].code}`);

export function categoryTerm(category: HelpCategory) {
  return {
    id: categoryTermId(category),
    code: category,
    name: pagesEn.help.categories[category],
    description: `Mentor Me category "${pagesEn.help.categories[category]}" (in Vietnamese: ${pagesVi.help.categories[category]}).`,
  };
}

/**
 * The ISO 639 code of each language of our table (639-1 where there is one, else 639-3, or 639-2 for Karen, a
 * group of languages), for the code field of the HSDS language table.
 */
export const LANGUAGE_CODES: Record<LanguageName, string> = {
  English: 'en',
  Vietnamese: 'vi',
  Mandarin: 'cmn',
  Cantonese: 'yue',
  Chinese: 'zh',
  Arabic: 'ar',
  Hindi: 'hi',
  Punjabi: 'pa',
  Nepali: 'ne',
  Korean: 'ko',
  Japanese: 'ja',
  Thai: 'th',
  Indonesian: 'id',
  Malay: 'ms',
  Filipino: 'fil',
  Tagalog: 'tl',
  Spanish: 'es',
  Portuguese: 'pt',
  Italian: 'it',
  Greek: 'el',
  Persian: 'fa',
  Farsi: 'fa',
  Dari: 'prs',
  Pashto: 'ps',
  Hazaragi: 'haz',
  Urdu: 'ur',
  Bengali: 'bn',
  Tamil: 'ta',
  Sinhala: 'si',
  Telugu: 'te',
  Malayalam: 'ml',
  Gujarati: 'gu',
  Khmer: 'km',
  Lao: 'lo',
  Burmese: 'my',
  Karen: 'kar',
  'Hakha Chin': 'cnh',
  Rohingya: 'rhg',
  Mongolian: 'mn',
  Tetum: 'tet',
  Hmong: 'hmn',
  Swahili: 'sw',
  Somali: 'so',
  Amharic: 'am',
  Tigrinya: 'ti',
  Oromo: 'om',
  Dinka: 'din',
  Nuer: 'nus',
  Kirundi: 'rn',
  Kinyarwanda: 'rw',
  French: 'fr',
  German: 'de',
  Dutch: 'nl',
  Kurdish: 'ku',
  Assyrian: 'aii',
  Turkish: 'tr',
  Hebrew: 'he',
  Armenian: 'hy',
  Russian: 'ru',
  Ukrainian: 'uk',
  Polish: 'pl',
  Croatian: 'hr',
  Serbian: 'sr',
  Bosnian: 'bs',
  Macedonian: 'mk',
  Albanian: 'sq',
  Romanian: 'ro',
  Hungarian: 'hu',
  Maltese: 'mt',
  Samoan: 'sm',
  Tongan: 'to',
  Fijian: 'fj',
  Kriol: 'rop',
  Auslan: 'asf',
};

const byLowerName = new Map(LANGUAGE_KEYS.map((name) => [name.toLowerCase(), name]));
/** The first name of our table with each code (Persian before Farsi). */
const byCode = new Map<string, LanguageName>();
for (const name of LANGUAGE_KEYS) {
  const code = LANGUAGE_CODES[name];
  if (!byCode.has(code)) byCode.set(code, name);
}

/** Our name of a language from an HSDS language row's name (any case), or else its ISO 639 code. */
export function languageOf(name: string, code: string): LanguageName | undefined {
  return byLowerName.get(name.trim().toLowerCase()) ?? byCode.get(code.trim().toLowerCase());
}
