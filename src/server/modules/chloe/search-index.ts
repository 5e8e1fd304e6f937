import { readFileSync } from 'node:fs';
import { isNull, sql } from 'drizzle-orm';
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

/** A question as the ranker reads it: its units, with those its everyday wording adds after the `typed` ones. */
export type Query = { units: Unit[]; typed: number };

/** The units of a question, with what its everyday wording means added (once each) after the question's own. */
export function questionWithSynonyms(text: string): Query {
  const normal = text.normalize('NFC');
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
 * Ranks one index's documents for a question: its words and synonyms, typos forgiven. Scores are divided by
 * log2(2 + the number of the question's own words and pairs), so that one threshold suits a short question and a
 * long post alike (a long post shares a few words with most documents).
 */
export function rankFor(index: LexicalIndex, question: string | Query): Ranked[] {
  const { units, typed } = typeof question === 'string' ? questionWithSynonyms(question) : question;
  const scale = Math.log2(2 + typed);
  return index.rank(index.forgiveTypos(units)).map((row) => ({ id: row.id, score: row.score / scale }));
}

/** How often an instance checks whether the articles or services changed (an admin's change shows within it). */
const INDEX_CHECK_MS = 60_000;
type Entry = { checkedAt: number; generation: number; signature: string; indexes: Promise<SearchIndexes> };
const cache = new WeakMap<object, Map<string, Entry>>();

/** A fingerprint of the articles and services (and their embeddings by `model`): it changes when any of them does. */
async function signature(db: Database, model: string | undefined): Promise<string> {
  const result = await db.execute<{ signature: string }>(sql`
    select concat_ws(':',
      (select md5(string_agg(md5(data::text), '' order by id)) from knowledge_articles),
      (select md5(string_agg(md5(data::text), '' order by id)) from government_services where archived_at is null),
      (select count(*) || '/' || max(updated_at) from embeddings where model = ${model ?? ''} and kind <> 'question')
    ) as signature`);
  return result.rows[0]?.signature ?? '';
}

async function loadIndexes(db: Database, model: string | undefined): Promise<SearchIndexes> {
  const [articleRows, serviceRows, vectors] = await Promise.all([
    db.select({ data: knowledgeArticles.data }).from(knowledgeArticles).orderBy(knowledgeArticles.id),
    db
      .select({ data: governmentServices.data })
      .from(governmentServices)
      .where(isNull(governmentServices.archivedAt))
      .orderBy(governmentServices.id),
    model ? contentVectors(db, model) : undefined,
  ]);
  const indexes = buildSearchIndexes(
    articleRows.map((row) => row.data),
    serviceRows.map((row) => row.data),
  );
  // The first question should not pay for compiling the ranker's paths.
  for (const text of ['warm up the ranker', 'làm thêm ở Úc', 'lam them o uc'])
    rankFor(indexes.articles, text);
  return { ...indexes, vectors };
}

/**
 * The indexes of the articles and services in the database (with their embeddings by `model`), built on first use.
 * Once a minute an instance compares the tables' fingerprint with the one it built from, and builds again in the
 * background only when they differ (the old indexes answer meanwhile); at once when this process synced content.
 */
export function searchIndexes(db: Database, model?: string): Promise<SearchIndexes> {
  let byModel = cache.get(db);
  if (!byModel) cache.set(db, (byModel = new Map()));
  const key = model ?? '';
  const entry = byModel.get(key);
  if (!entry || entry.generation !== contentGeneration()) {
    const building = signature(db, model).then(async (found) => ({
      found,
      indexes: await loadIndexes(db, model),
    }));
    const fresh: Entry = {
      checkedAt: Date.now(),
      generation: contentGeneration(),
      signature: '',
      indexes: building.then((built) => built.indexes),
    };
    building.then(
      (built) => (fresh.signature = built.found),
      () => byModel.get(key) === fresh && byModel.delete(key),
    );
    byModel.set(key, fresh);
    return fresh.indexes;
  }
  if (Date.now() - entry.checkedAt > INDEX_CHECK_MS) {
    entry.checkedAt = Date.now();
    signature(db, model)
      .then(async (found) => {
        if (found === entry.signature) return;
        const indexes = await loadIndexes(db, model);
        entry.signature = found;
        entry.indexes = Promise.resolve(indexes);
      })
      .catch(() => undefined);
  }
  return entry.indexes;
}
