import { LANGUAGE_KEYS } from '../../../shared/schemas/languages';
import type { GovernmentService, LanguageEntry, Organisation } from '../../../shared/schemas/resources';

/**
 * The editor writes lists as text, one item per line: a bilingual item as "English | Vietnamese", a language by
 * its English name or as a bilingual note. These turn lists into that text and back; what cannot be read back is
 * kept as written, so the schema names the rule it breaks.
 */
type Bilingual = { en: string; vi: string };

export const bilingualLines = (items: readonly Bilingual[] = []): string =>
  items.map((item) => `${item.en} | ${item.vi}`).join('\n');

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** "English | Vietnamese" per line; a line without both halves gives an empty half, which the schema refuses. */
export function parseBilingualLines(text: string): Bilingual[] {
  return lines(text).map((line) => {
    const bar = line.indexOf('|');
    if (bar < 0) return { en: line, vi: '' };
    return { en: line.slice(0, bar).trim(), vi: line.slice(bar + 1).trim() };
  });
}

export const languageLines = (items: readonly LanguageEntry[] = []): string =>
  items.map((item) => (typeof item === 'string' ? item : `${item.en} | ${item.vi}`)).join('\n');

const languageByName = new Map(LANGUAGE_KEYS.map((name) => [name.toLowerCase(), name]));

/** A known language name (any case) becomes that language; "a | b" a note; anything else is kept to be refused. */
export function parseLanguageLines(text: string): LanguageEntry[] {
  return lines(text).map((line) => {
    if (line.includes('|')) return parseBilingualLines(line)[0]!;
    return (languageByName.get(line.toLowerCase()) ?? line) as LanguageEntry;
  });
}

/** The form's fields by name, as FormData gives them. */
type Fields = (name: string) => string;

const optional = (value: string) => (value.trim() ? value.trim() : undefined);
const optionalBilingual = (en: string, vi: string): Bilingual | undefined =>
  en.trim() || vi.trim() ? { en: en.trim(), vi: vi.trim() } : undefined;

export function organisationFromForm(get: Fields): Organisation {
  const languages = parseLanguageLines(get('languages'));
  return {
    id: get('id').trim(),
    name: get('name').trim(),
    category: get('category') as Organisation['category'],
    description: { en: get('descriptionEn').trim(), vi: get('descriptionVi').trim() },
    address: get('address').trim(),
    suburb: get('suburb').trim(),
    state: get('state') as Organisation['state'],
    postcode: get('postcode').trim(),
    phone: optional(get('phone')),
    website: optional(get('website')),
    hours: optionalBilingual(get('hoursEn'), get('hoursVi')),
    services: parseBilingualLines(get('services')),
    supportedLanguages: languages.length ? languages : undefined,
    languagesSource: optional(get('languagesSource')),
    source: optional(get('source')),
    lastReviewed: get('lastReviewed'),
  };
}

export function governmentServiceFromForm(get: Fields): GovernmentService {
  return {
    id: get('id').trim(),
    title: { en: get('titleEn').trim(), vi: get('titleVi').trim() },
    description: { en: get('descriptionEn').trim(), vi: get('descriptionVi').trim() },
    category: get('category') as GovernmentService['category'],
    department: get('department').trim(),
    eligibility: parseBilingualLines(get('eligibility')),
    contactInfo: {
      phone: optional(get('phone')),
      email: optional(get('email')),
      website: optional(get('website')),
    },
    operatingHours: optionalBilingual(get('hoursEn'), get('hoursVi')),
    languages: parseLanguageLines(get('languages')),
    languagesSource: optional(get('languagesSource')),
    location: {
      state: get('state') as GovernmentService['location']['state'],
      city: optional(get('city')),
    },
    source: optional(get('source')),
    lastUpdated: get('lastReviewed'),
  };
}
