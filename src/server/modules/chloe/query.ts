import { readFileSync } from 'node:fs';
import type { Synonym } from '../../../shared/schemas/knowledge';
import { synonymsFileSchema } from '../../../shared/schemas/knowledge';
import { phrasePattern } from '../../lib/text';
import { projectPath } from '../../paths';
import { questionMode, questionUnits, RANKER, words, type Unit } from './lexical';

let synonymList: (Synonym & { pattern: RegExp })[] | undefined;

/** The synonym list of content/synonyms.json, read once. */
export function synonyms(): (Synonym & { pattern: RegExp })[] {
  if (!synonymList) {
    const file = projectPath('content/synonyms.json');
    const parsed = file ? synonymsFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : { synonyms: [] };
    synonymList = parsed.synonyms.map((group) => ({ ...group, pattern: phrasePattern(group.phrases) }));
  }
  return synonymList;
}

/**
 * A question as the ranker reads it: its units, with those its everyday wording adds after the `typed` ones; a long
 * post also as windows of its sentences.
 */
export type Query = { units: Unit[]; typed: number; windows?: Query[]; text?: string };

/** A post is read window by window too when it has at least this many sentences and words. */
const LONG_POST = { sentences: 3, words: 30 };
/** A window is this many sentences in a row. */
const WINDOW_SENTENCES = 2;

/** The sentences of a text: split after ., ! or ? (and …) followed by a space, and at line breaks. */
export const sentences = (text: string) =>
  text
    .split(/(?<=[.!?…])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => words(sentence).length > 0);

function unitsWithSynonyms(normal: string): Query {
  const units = questionUnits(normal, questionMode(normal));
  const typed = units.length;
  const seen = new Set(units.map((unit) => unit.alternatives[0]!.term));
  for (const group of synonyms()) {
    if (!group.pattern.test(normal)) continue;
    for (const unit of questionUnits(group.means, questionMode(group.means), RANKER.synonym)) {
      const term = unit.alternatives[0]!.term;
      if (!seen.has(term)) units.push(unit);
      seen.add(term);
    }
  }
  return { units, typed };
}

/**
 * The units of a question, with what its everyday wording means added (once each) after the question's own. A long
 * post (a story of several sentences with a question in it) is also read as windows of two sentences in a row.
 */
export function questionWithSynonyms(text: string): Query {
  const normal = text.normalize('NFC');
  const query: Query = { ...unitsWithSynonyms(normal), text: normal };
  const list = sentences(normal);
  if (list.length < LONG_POST.sentences || words(normal).length < LONG_POST.words) return query;
  const windows = list
    .slice(0, Math.max(1, list.length - WINDOW_SENTENCES + 1))
    .map((_, i) => unitsWithSynonyms(list.slice(i, i + WINDOW_SENTENCES).join(' ')));
  return { ...query, windows };
}
