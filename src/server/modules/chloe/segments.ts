import { stemmer } from 'stemmer';
import { language, type Locale } from '../../../shared/languages';

export { scriptLocale } from '../../../shared/languages';

/**
 * How Chloe cuts text of each script into the units she matches, following each language's word rule
 * (shared/languages.ts): Chinese has no spaces, so its characters and each pair of neighbouring characters are the
 * units (most Chinese words are two characters: 税号, 押金); Nepali words carry their postpositions (नेपालमा "in
 * Nepal", कामको "of work"), which are taken off so the word matches itself in any case.
 */

export const HAN = /\p{Script=Han}/u;
export const DEVANAGARI = /\p{Script=Devanagari}/u;
const HAN_RUN = /\p{Script=Han}+/gu;

/** The words of a text: lower case, composed (NFC), letters (with their vowel signs) and digits. */
export const words = (text: string): string[] =>
  text
    .normalize('NFC')
    .toLowerCase()
    // "don't" is one word, not "don" and "t".
    .replace(/(\p{L})['’](\p{L})/gu, '$1$2')
    .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];

/** The runs of Chinese characters of a text, each as its characters. */
export function hanRuns(text: string): string[][] {
  return [...text.normalize('NFC').matchAll(HAN_RUN)].map((match) => [...match[0]]);
}

/** The words of a text in other scripts than Chinese (Latin words in a Chinese question: "TFN", "Medicare"). */
export const nonHanWords = (text: string) => words(text.replace(HAN_RUN, ' '));

/** Nepali postpositions and plural endings, longest first: taken off a word that keeps two letters or more. */
const NEPALI_SUFFIXES = [
  'हरूलाई',
  'हरूको',
  'हरूमा',
  'हरूले',
  'हरूबाट',
  'हरू',
  'लाई',
  'बाट',
  'देखि',
  'सम्म',
  'सँग',
  'भन्दा',
  'को',
  'का',
  'की',
  'मा',
  'ले',
];

export function nepaliStem(word: string): string {
  for (const suffix of NEPALI_SUFFIXES) {
    if (word.endsWith(suffix) && [...word.slice(0, -suffix.length)].length >= 2)
      return word.slice(0, -suffix.length);
  }
  return word;
}

/** Whether a language's text is matched by characters (Chinese) rather than by words. */
export const byCharacters = (locale: Locale) => language(locale).words === 'characters';

/** An English word's term: its stem, in the English space (e:). */
const stems = new Map<string, string>();
export function english(word: string): string {
  let term = stems.get(word);
  if (term === undefined) {
    // Questions bring new words without end: the memo starts again rather than grow.
    if (stems.size > 50_000) stems.clear();
    stems.set(word, (term = `e:${stemmer(word)}`));
  }
  return term;
}
