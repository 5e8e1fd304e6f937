import { stemmer } from 'stemmer';
import type { WordRule } from '../../../shared/languages';
import { DEVANAGARI, HAN, plain } from '../../lib/text';
import { CHINESE_STOP, ENGLISH_STOP, NEPALI_STOP, PLAIN_STOP, VIETNAMESE_STOP } from './stop-words';

export { scriptLocale } from '../../../shared/languages';

/**
 * How Chloe cuts text of each script into the units she matches, following each language's word rule
 * (shared/languages.ts): Chinese has no spaces, so its characters and each pair of neighbouring characters are the
 * units (most Chinese words are two characters: 税号, 押金); Nepali words carry their postpositions (नेपालमा "in
 * Nepal", कामको "of work"), which are taken off so the word matches itself in any case.
 */

export { DEVANAGARI, HAN };
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

/** The single words and the pairs of a run of words in one space, stop words left out of single words. */
export function unitsOf(
  list: string[],
  space: 'e' | 'v' | 'p' | 'z' | 'n',
  stop: Set<string>,
): { term: string; pair: boolean }[] {
  const term = (word: string) =>
    space === 'e' ? english(word) : `${space}:${space === 'n' ? nepaliStem(word) : word}`;
  const out: { term: string; pair: boolean }[] = [];
  // English and Nepali pairs skip the stop words between ("cut my shifts" → cut shift); Vietnamese syllables and
  // Chinese characters pair as written.
  const kept = space === 'e' || space === 'n' ? list.filter((word) => !stop.has(word)) : list;
  // A Chinese character is a unit on its own; a Latin or Devanagari letter is not.
  const shortest = space === 'z' ? 1 : 2;
  kept.forEach((word, i) => {
    if ([...word].length >= shortest && !stop.has(word)) out.push({ term: term(word), pair: false });
    const next = kept[i + 1];
    if (next && !(stop.has(word) && stop.has(next)))
      out.push({ term: `${term(word)}_${term(next).slice(2)}`, pair: true });
  });
  return out;
}

/**
 * The units of Chinese text: its characters and their pairs; and, in a question, its words in Latin letters as
 * English ("TFN", "bond"), which a document's English text already gives.
 */
export function chineseUnits(text: string, latin = true) {
  const han = hanRuns(text).flatMap((run) => unitsOf(run, 'z', CHINESE_STOP));
  return latin ? [...han, ...unitsOf(nonHanWords(text), 'e', ENGLISH_STOP)] : han;
}

/** The units of Nepali text: its Devanagari words' stems; and, in a question, its Latin words as English. */
export function nepaliUnits(text: string, latin = true) {
  const list = words(text);
  const own = unitsOf(
    list.filter((word) => DEVANAGARI.test(word)),
    'n',
    NEPALI_STOP,
  );
  const english = list.filter((word) => !DEVANAGARI.test(word));
  return latin ? [...own, ...unitsOf(english, 'e', ENGLISH_STOP)] : own;
}

/** A question's or keyword's units in a script of its own, by its language's rule (Latin words as English too). */
export const OWN_SCRIPT_UNITS: Partial<
  Record<WordRule, (text: string) => { term: string; pair: boolean }[]>
> = {
  characters: (text) => chineseUnits(text),
  postpositions: (text) => nepaliUnits(text),
};

/** A document's terms of a text, by its language's word rule (shared/languages.ts). */
export const TERMS_BY_RULE: Record<WordRule, (text: string) => { term: string }[]> = {
  stems: (text) => unitsOf(words(text), 'e', ENGLISH_STOP),
  syllables: (text) => [
    ...unitsOf(words(text), 'v', VIETNAMESE_STOP),
    ...unitsOf(words(plain(text)), 'p', PLAIN_STOP),
  ],
  characters: (text) => chineseUnits(text, false),
  postpositions: (text) => nepaliUnits(text, false),
};
