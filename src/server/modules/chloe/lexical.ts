import { language, LOCALES, type Locale } from '../../../shared/languages';
import { messageLocale, plain, VIETNAMESE_LETTERS } from '../../lib/text';
import { editDistance } from './edit-distance';
import {
  chineseUnits,
  DEVANAGARI,
  english,
  HAN,
  nepaliStem,
  OWN_SCRIPT_UNITS,
  scriptLocale,
  TERMS_BY_RULE,
  unitsOf,
  words,
} from './segments';
import { ENGLISH_STOP, NEPALI_STOP, PLAIN_STOP, VIETNAMESE_STOP } from './stop-words';

export { editDistance, words };

/**
 * Chloe's lexical ranker (decision 021): BM25F over a few fields of each document, in process. English words are
 * stemmed; Vietnamese keeps its diacritics ("thuê" is not "thuế") and pairs of syllables are terms of their own,
 * since most Vietnamese words have two. Text without diacritics is matched against the documents' Vietnamese without
 * diacritics only when the question has none. Chinese is matched by characters and pairs of characters, Nepali by
 * words without their postpositions (segments.ts). A word the documents do not have is matched to a near one in
 * their vocabulary (one or two letters off), and everyday wording is added through the synonym list.
 */

/** Field weights and BM25 constants; chosen on the tuning part of the evaluation (npm run eval:chloe -- --grid). */
export const RANKER = {
  k1: 2,
  b: 0.75,
  /** How much a word found in the title, the keywords or the body counts. */
  fields: { title: 2.5, keywords: 5, body: 1 } as Record<string, number>,
  /** How much the best-matching of an article's questions counts, its own text counting 1 (search-index.ts). */
  questions: 0.5,
  /** How much a pair of words counts, a single word counting 1. */
  pair: 1,
  /**
   * How much a single Chinese character of a question counts, a pair counting `pair`: most words have two characters,
   * and one alone (家, 好, 吃) says little, so that a question of everyday characters does not find an article.
   */
  character: 0.4,
  /** A word matched to a near word of the vocabulary counts this much of a word typed right. */
  typo: 0.7,
  /** Words added by the synonym list count this much of a word the person typed. */
  synonym: 0.8,
  /** In a long post, a document's score for the best window of two sentences counts this much of a whole post's. */
  window: 0.6,
};

const isVietnamese = (word: string) => VIETNAMESE_LETTERS.test(word);

/** How a question is read: in one of our languages, or as Vietnamese typed without diacritics. */
export type Mode = Locale | 'vi-plain';

export function questionMode(text: string): Mode {
  const script = scriptLocale(text);
  if (script) return script;
  if (VIETNAMESE_LETTERS.test(text)) return 'vi';
  return messageLocale(text, 'en') === 'vi' ? 'vi-plain' : 'en';
}

/**
 * Terms live in spaces: English stems (e:), Vietnamese as written (v:) and without diacritics (p:), Chinese
 * characters (z:) and Nepali stems (n:).
 */
/** A word or pair of the question: the terms that may match it (each with its weight) and the word as typed. */
export type Unit = { alternatives: { term: string; weight: number }[]; weight: number; surface?: string };

/** The terms a document's text gives, by space: each language's text by its own rule, keywords by their script. */
export function documentTerms(text: { [L in Locale]?: string } & { keywords?: string[] }): string[] {
  const terms: string[] = [];
  const add = (list: { term: string }[]) => list.forEach((unit) => terms.push(unit.term));
  for (const locale of LOCALES) {
    const own = text[locale];
    if (own) add(TERMS_BY_RULE[language(locale).words](own));
  }
  for (const keyword of text.keywords ?? []) {
    const list = words(keyword);
    const script = scriptLocale(keyword);
    if (script) add(OWN_SCRIPT_UNITS[language(script).words]?.(keyword) ?? []);
    else if (list.some(isVietnamese)) {
      add(unitsOf(list, 'v', VIETNAMESE_STOP));
      add(unitsOf(words(plain(keyword)), 'p', PLAIN_STOP));
    } else {
      // "ma so thue" or "tax file number": either language, so both spaces.
      add(unitsOf(list, 'e', ENGLISH_STOP));
      add(unitsOf(list, 'p', PLAIN_STOP));
      add(unitsOf(list, 'v', VIETNAMESE_STOP));
    }
  }
  return terms;
}

/** The units of a question: each single word or pair, with the terms that may match it in its mode. */
export function questionUnits(text: string, mode: Mode, weight = 1): Unit[] {
  const list = words(text);
  const units = new Map<string, Unit>();
  const add = (key: string, terms: string[], unitWeight: number, surface?: string) => {
    if (!units.has(key))
      units.set(key, {
        alternatives: terms.map((term) => ({ term, weight: 1 })),
        weight: unitWeight * weight,
        surface,
      });
  };
  const ownScript = mode === 'vi-plain' ? undefined : OWN_SCRIPT_UNITS[language(mode).words];
  if (ownScript) {
    for (const { term, pair } of ownScript(text))
      add(term, [term], pair ? RANKER.pair : term.startsWith('z:') ? RANKER.character : 1);
  } else if (mode === 'en') {
    for (const { term, pair } of unitsOf(list, 'e', ENGLISH_STOP)) add(term, [term], pair ? RANKER.pair : 1);
    // The words as typed, for typos.
    for (const word of list) {
      const unit = units.get(english(word));
      if (unit) unit.surface = word;
    }
  } else {
    const space = mode === 'vi' ? 'v' : 'p';
    const stop = mode === 'vi' ? VIETNAMESE_STOP : PLAIN_STOP;
    for (const { term, pair } of unitsOf(list, space, stop)) {
      const ascii = /^[pv]:[a-z0-9]+$/.test(term);
      // A word in Latin letters in a Vietnamese question may be English ("bond", "casual"): it may match either.
      const alternatives = ascii ? [term, english(term.slice(2))] : [term];
      add(term, alternatives, pair ? RANKER.pair : 1, ascii ? term.slice(2) : undefined);
    }
  }
  return [...units.values()];
}

/** At most this many unknown words of one question are looked up as typos. */
const MAX_TYPO_LOOKUPS = 20;

/** How far a word may be from a vocabulary word and still be taken for it: none under 4 letters. */
const allowedTypos = (word: string) => (word.length < 4 ? 0 : word.length < 8 ? 1 : 2);

export type Document = { id: string; fields: Record<string, string[]> };
export type Ranked = { id: string; score: number };

/** An index of a few hundred documents, built once and kept in memory (see retrieval.ts for when it is rebuilt). */
export class LexicalIndex {
  private readonly postings = new Map<string, { doc: number; tf: Record<string, number> }[]>();
  private readonly lengths: Record<string, number>[] = [];
  private readonly average: Record<string, number> = {};
  /** The English words of the documents by their first letter, for typos. */
  private readonly vocabulary = new Map<string, string[]>();
  private readonly ids: string[];

  constructor(documents: Document[], englishWords: Iterable<string> = []) {
    this.ids = documents.map((document) => document.id);
    documents.forEach((document, doc) => {
      const lengths: Record<string, number> = {};
      for (const [field, terms] of Object.entries(document.fields)) {
        lengths[field] = terms.length;
        this.average[field] = (this.average[field] ?? 0) + terms.length / documents.length;
        for (const term of terms) {
          let list = this.postings.get(term);
          if (!list) this.postings.set(term, (list = []));
          let entry = list.at(-1);
          if (entry?.doc !== doc) list.push((entry = { doc, tf: {} }));
          entry.tf[field] = (entry.tf[field] ?? 0) + 1;
        }
      }
      this.lengths.push(lengths);
    });
    for (const word of new Set(englishWords)) {
      // Only words that are terms of the index: a typo is never taken for a stop word.
      if (allowedTypos(word) === 0 || /\d/.test(word) || !this.postings.has(english(word))) continue;
      let list = this.vocabulary.get(word[0]!);
      if (!list) this.vocabulary.set(word[0]!, (list = []));
      list.push(word);
    }
  }

  private idf(term: string): number {
    const df = this.postings.get(term)?.length ?? 0;
    const n = this.ids.length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /**
   * How much a word of a question says, by how rare it is in the documents (English stems, Vietnamese as written):
   * "way" or "get" little, "risotto" (in none of them) the most, a stop word ("the", "lại") nothing.
   */
  weightOf(word: string): number {
    // A stop word says nothing, though the documents (which leave it out) do not have it.
    if (VIETNAMESE_LETTERS.test(word)) return VIETNAMESE_STOP.has(word) ? 0 : this.idf(`v:${word}`);
    // Chinese comes as pairs of characters (searchWords): a pair the documents have weighs as rare as it is, one they
    // lack (most straddle two words: 户怎 in 过户怎么办) as its commoner character. A Nepali word weighs as its stem.
    if (HAN.test(word)) {
      const units = chineseUnits(word);
      const pair = units.find((unit) => unit.pair && this.postings.has(unit.term));
      if (pair) return this.idf(pair.term);
      const characters = units.filter((unit) => !unit.pair).map((unit) => this.idf(unit.term));
      return characters.length ? Math.min(...characters) : 0;
    }
    if (DEVANAGARI.test(word)) return NEPALI_STOP.has(word) ? 0 : this.idf(`n:${nepaliStem(word)}`);
    return ENGLISH_STOP.has(word) ? 0 : this.idf(english(word));
  }

  /** Whether the documents have an English word (by its stem). */
  hasWord(word: string): boolean {
    return this.postings.has(english(word.toLowerCase()));
  }

  /** Adds to each word the documents do not have the nearest word they have, as a typo of it. */
  forgiveTypos(units: Unit[]): Unit[] {
    let looked = 0;
    return units.map((unit) => {
      if (!unit.surface || unit.alternatives.some(({ term }) => this.postings.has(term))) return unit;
      // A long post brings many unknown words: only the first ones are looked up.
      if ((looked += 1) > MAX_TYPO_LOOKUPS) return unit;
      const near = this.nearest(unit.surface);
      return near
        ? { ...unit, alternatives: [...unit.alternatives, { term: english(near), weight: RANKER.typo }] }
        : unit;
    });
  }

  /** The vocabulary's English word nearest a word the documents do not have, if one is near enough. */
  private nearest(word: string): string | undefined {
    const max = allowedTypos(word);
    if (max === 0 || /\d/.test(word)) return undefined;
    let best: { word: string; distance: number; df: number } | undefined;
    // Typos rarely touch the first letter; the few words that share it are compared one by one.
    for (const candidate of this.vocabulary.get(word[0]!) ?? []) {
      if (Math.abs(candidate.length - word.length) > max) continue;
      const distance = editDistance(word, candidate, max);
      if (distance > max) continue;
      const df = this.postings.get(english(candidate))?.length ?? 0;
      if (!best || distance < best.distance || (distance === best.distance && df > best.df))
        best = { word: candidate, distance, df };
    }
    return best?.word;
  }

  /** Documents by their BM25F score for the units, best first; a unit counts its best-matching alternative. */
  rank(units: Unit[]): Ranked[] {
    const scores = new Map<number, number>();
    for (const unit of units) {
      const best = new Map<number, number>();
      for (const { term, weight } of unit.alternatives) {
        const idf = this.idf(term);
        for (const { doc, tf } of this.postings.get(term) ?? []) {
          let weighted = 0;
          for (const [field, count] of Object.entries(tf)) {
            const norm = 1 - RANKER.b + (RANKER.b * this.lengths[doc]![field]!) / (this.average[field] || 1);
            weighted += ((RANKER.fields[field] ?? 1) * count) / norm;
          }
          const score = (weight * idf * weighted) / (RANKER.k1 + weighted);
          if (score > (best.get(doc) ?? 0)) best.set(doc, score);
        }
      }
      for (const [doc, score] of best) scores.set(doc, (scores.get(doc) ?? 0) + unit.weight * score);
    }
    // In units of the weight of the rarest word, so that one threshold suits a small index and a large one.
    const rarest = this.idf('') || 1;
    return [...scores]
      .map(([doc, score]) => ({ id: this.ids[doc]!, score: score / rarest }))
      .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  }
}
