import { readFileSync } from 'node:fs';
import type { KnowledgeArticle, Synonym } from '../../../shared/schemas/knowledge';
import { synonymsFileSchema } from '../../../shared/schemas/knowledge';
import type { GovernmentService } from '../../../shared/schemas/resources';
import type { Database } from '../../db/client';
import { governmentServices, knowledgeArticles } from '../../db/schema';
import { phrasePattern } from '../../lib/text';
import { contentGeneration } from '../../lib/content-generation';
import { projectPath } from '../../paths';
import { contentVectors } from './embeddings';
import {
  documentTerms,
  LexicalIndex,
  questionMode,
  questionUnits,
  RANKER,
  words,
  type Ranked,
  type Unit,
} from './lexical';

/** The knowledge articles and government services, indexed for Chloe's lexical ranker. */
export type SearchIndexes = {
  articles: LexicalIndex;
  services: LexicalIndex;
  article: Map<string, KnowledgeArticle>;
  service: Map<string, GovernmentService>;
  /** Their embeddings by the configured model, when there is one. */
  vectors?: { articles: Map<string, Float32Array>; services: Map<string, Float32Array> };
};

const joined = (parts: { en: string; vi: string }[]) => ({
  en: parts.map((part) => part.en).join('. '),
  vi: parts.map((part) => part.vi).join('. '),
});

/** The English words of the documents, for typos. */
function englishWords(texts: string[]): Set<string> {
  return new Set(texts.flatMap(words).filter((word) => /^[a-z]{4,}$/.test(word)));
}

export function buildSearchIndexes(
  articleList: KnowledgeArticle[],
  serviceList: GovernmentService[],
): SearchIndexes {
  const asciiKeywords = articleList.flatMap((a) => a.keywords).filter((k) => /^[\x20-\x7e]+$/.test(k));
  const articles = new LexicalIndex(
    articleList.map((article) => {
      const body = joined([article.summary, ...article.points]);
      return {
        id: article.id,
        fields: {
          title: documentTerms(article.title),
          keywords: documentTerms({ keywords: article.keywords }),
          body: documentTerms(body),
        },
      };
    }),
    englishWords([
      ...articleList.flatMap((a) => [a.title.en, a.summary.en, ...a.points.map((p) => p.en)]),
      ...asciiKeywords,
    ]),
  );
  const services = new LexicalIndex(
    serviceList.map((service) => ({
      id: service.id,
      fields: {
        title: documentTerms(service.title),
        keywords: documentTerms({ en: service.department }),
        body: documentTerms(joined([service.description, ...service.eligibility])),
      },
    })),
    englishWords(serviceList.flatMap((s) => [s.title.en, s.description.en, s.department])),
  );
  return {
    articles,
    services,
    article: new Map(articleList.map((article) => [article.id, article])),
    service: new Map(serviceList.map((service) => [service.id, service])),
  };
}

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

/** The units of a question, with what its everyday wording means added (once each). */
export function questionWithSynonyms(text: string): Unit[] {
  const normal = text.normalize('NFC');
  const units = questionUnits(normal, questionMode(normal));
  const seen = new Set(units.map((unit) => unit.alternatives[0]!.term));
  for (const group of synonyms()) {
    if (!group.pattern.test(normal)) continue;
    for (const unit of questionUnits(group.means, questionMode(group.means), RANKER.synonym)) {
      const term = unit.alternatives[0]!.term;
      if (!seen.has(term)) units.push(unit);
      seen.add(term);
    }
  }
  return units;
}

/**
 * Ranks one index's documents for a question: its words and synonyms, typos forgiven. Scores are divided by
 * log2(2 + the number of the question's words and pairs), so that one threshold suits a short question and a long
 * post alike (a long post shares a few words with most documents).
 */
export function rankFor(index: LexicalIndex, text: string): Ranked[] {
  const units = index.forgiveTypos(questionWithSynonyms(text));
  const scale = Math.log2(2 + units.length);
  return index.rank(units).map((row) => ({ id: row.id, score: row.score / scale }));
}

/** How long an instance keeps its indexes before reading the tables again (an admin's change shows within it). */
const INDEX_TTL_MS = 60_000;
type Entry = { at: number; generation: number; indexes: Promise<SearchIndexes> };
const cache = new WeakMap<object, Map<string, Entry>>();

async function loadIndexes(db: Database, model: string | undefined): Promise<SearchIndexes> {
  const [articleRows, serviceRows, vectors] = await Promise.all([
    db.select({ data: knowledgeArticles.data }).from(knowledgeArticles).orderBy(knowledgeArticles.id),
    db.select({ data: governmentServices.data }).from(governmentServices).orderBy(governmentServices.id),
    model ? contentVectors(db, model) : undefined,
  ]);
  const indexes = buildSearchIndexes(
    articleRows.map((row) => row.data),
    serviceRows.map((row) => row.data),
  );
  return { ...indexes, vectors };
}

/**
 * The indexes of the articles and services in the database (with their embeddings by `model`), built on first use
 * and rebuilt in the background once they are a minute old (the old ones answer meanwhile).
 */
export function searchIndexes(db: Database, model?: string): Promise<SearchIndexes> {
  let byModel = cache.get(db);
  if (!byModel) cache.set(db, (byModel = new Map()));
  const key = model ?? '';
  const entry = byModel.get(key);
  // Content written by this process since: read again at once.
  if (!entry || entry.generation !== contentGeneration()) {
    const fresh = { at: Date.now(), generation: contentGeneration(), indexes: loadIndexes(db, model) };
    byModel.set(key, fresh);
    fresh.indexes.catch(() => byModel.delete(key));
    return fresh.indexes;
  }
  if (Date.now() - entry.at > INDEX_TTL_MS) {
    entry.at = Date.now();
    loadIndexes(db, model).then(
      (indexes) => (entry.indexes = Promise.resolve(indexes)),
      () => undefined,
    );
  }
  return entry.indexes;
}
