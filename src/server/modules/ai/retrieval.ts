import { desc, inArray, sql } from 'drizzle-orm';
import type { KnowledgeArticle } from '../../../shared/schemas/knowledge';
import type { GovernmentService } from '../../../shared/schemas/resources';
import type { Database } from '../../db/client';
import { questions } from '../../db/schema';
import { lookupPostcode, type AusState } from '../../lib/postcodes';
import { searchWords } from '../../lib/text';
import { nearbyOrganisations, type NearbyOrganisation } from '../resources/service';
import { bySimilarity, questionVectors, unit, type Embedder } from './embeddings';
import type { Ranked } from './lexical';
import { rankFor, searchIndexes, type SearchIndexes } from './search-index';

export type Source = { title: string; url: string };
export type CommunityAnswer = { id: string; title: string; answer: string };
export type Retrieved = {
  articles: KnowledgeArticle[];
  services: GovernmentService[];
  questions: CommunityAnswer[];
  organisations: NearbyOrganisation[];
};

/** Below these BM25F scores an article or service only shares a word or two with the question (decision 021). */
export const ARTICLE_MIN_SCORE = 0.28;
export const SERVICE_MIN_SCORE = 0.29;
/** An article is kept only when it scores at least this share of the best one's score. */
export const ARTICLE_RELATIVE_SCORE = 0.8;
const SERVICE_RELATIVE_SCORE = 0.6;
const QUESTION_MIN_RANK = 0.3;
/**
 * With an embedding model: an item counts as relevant by meaning from this cosine similarity, when it is within
 * the margin of the best one. Not tuned here (no model runs on the test machine): values commonly used with bge-m3
 * and nomic-embed-text; see decision 021.
 */
export const SEMANTIC_MIN_SIMILARITY = 0.55;
const SEMANTIC_MARGIN = 0.05;
/** The usual constant of reciprocal rank fusion. */
const RRF_K = 60;
/** How long a question waits for its embedding before it is answered from words alone. */
const EMBED_TIMEOUT_MS = 3_000;
/** A community question is kept only when it ranks at least this share of the best one. */
const RELATIVE_RANK = 0.6;

/** States by their codes (in capitals, so "act" or "sa" in a sentence do not count), names and main cities. */
const STATES: [AusState, string, RegExp][] = [
  ['NSW', 'NSW', /new south wales|sydney|parramatta|newcastle|wollongong/i],
  ['VIC', 'VIC', /victoria|melbourne|geelong|ballarat|bendigo/i],
  ['QLD', 'QLD', /queensland|brisbane|gold coast|cairns|townsville/i],
  ['WA', 'WA', /western australia|tây úc|tay uc|perth/i],
  ['SA', 'SA', /south australia|nam úc|nam uc|adelaide/i],
  ['TAS', 'TAS', /tasmania|hobart|launceston/i],
  ['ACT', 'ACT', /canberra/i],
  ['NT', 'NT', /northern territory|darwin|alice springs/i],
];

export function mentionedState(message: string): AusState | undefined {
  const codes = new Set(message.match(/\b[A-Z]{2,3}\b/g) ?? []);
  return STATES.find(([, code, names]) => codes.has(code) || names.test(message))?.[0];
}

/** Nothing relevant was found: no article, service, community answer or organisation. */
export const nothingRetrieved = (context: Retrieved) =>
  !context.articles.length &&
  !context.services.length &&
  !context.questions.length &&
  !context.organisations.length;

const orQuery = (words: string[]) => words.join(' | ');

/** The ranked documents (best first) that score at least `min` and `share` of the best one. */
export function nearBest(rows: Ranked[], min: number, share: number): Ranked[] {
  const best = rows[0]?.score ?? 0;
  return rows.filter((row) => row.score >= min && row.score >= best * share);
}

/** The items relevant by meaning: at least the minimum similarity and within the margin of the best. */
const nearBestMeaning = (rows: Ranked[]) =>
  rows.filter(
    (row) => row.score >= SEMANTIC_MIN_SIMILARITY && row.score >= (rows[0]?.score ?? 0) - SEMANTIC_MARGIN,
  );

/**
 * Reciprocal rank fusion of the lexical and the semantic ranking: the items either one keeps, ordered by the sum of
 * 1 / (60 + rank) over both rankings.
 */
export function fuse(lexical: Ranked[], lexicalKept: Ranked[], semantic: Ranked[]): string[] {
  const fused = new Map<string, number>();
  for (const ranking of [lexical, semantic])
    ranking.forEach((row, i) => fused.set(row.id, (fused.get(row.id) ?? 0) + 1 / (RRF_K + i + 1)));
  const kept = new Set([...lexicalKept, ...nearBestMeaning(semantic)].map((row) => row.id));
  return [...kept].sort((a, b) => fused.get(b)! - fused.get(a)! || a.localeCompare(b));
}

/** The ids kept from one kind of item: by words, or by words and meaning when there is a query vector. */
function kept(lexical: Ranked[], min: number, share: number, semantic: Ranked[] | undefined): string[] {
  const byWords = nearBest(lexical, min, share);
  return semantic ? fuse(lexical, byWords, semantic) : byWords.map((row) => row.id);
}

/** The articles that answer a text, best first, with their scores (the evaluation reads these). */
export function rankArticles(indexes: SearchIndexes, text: string, limit = 3): Ranked[] {
  return nearBest(rankFor(indexes.articles, text), ARTICLE_MIN_SCORE, ARTICLE_RELATIVE_SCORE).slice(0, limit);
}

async function embedQuery(embedder: Embedder, text: string): Promise<Float32Array | undefined> {
  try {
    const [vector] = await embedder.embed([text], AbortSignal.timeout(EMBED_TIMEOUT_MS));
    return vector && unit(vector);
  } catch {
    // The model is down or slow: words alone answer.
    return undefined;
  }
}

/**
 * The knowledge articles, government services, answered community questions and (when the message names a
 * postcode) local organisations most relevant to a message, best first, looked up side by side. Articles and
 * services by Chloe's lexical ranker (lexical.ts); community questions by PostgreSQL full-text search.
 */
export async function retrieve(
  db: Database,
  message: string,
  limits = { articles: 3, services: 2, questions: 2, organisations: 3 },
  embedder?: Embedder,
): Promise<Retrieved> {
  const words = searchWords(message);
  if (words.length === 0) return { articles: [], services: [], questions: [], organisations: [] };
  const query = sql`(to_tsquery('english', ${orQuery(words)}) || to_tsquery('simple', ${orQuery(words)}))`;
  const questionRank = sql<number>`ts_rank_cd(${questions.search}, ${query}, 32)`;

  const postcode = message.match(/(?<!\d)\d{4}(?!\d)/)?.[0];
  const place = postcode ? lookupPostcode(postcode) : undefined;
  // A person who names their state or city gets that state's services (and the national ones), not another's.
  const state = place?.state ?? mentionedState(message);

  const [indexes, questionRows, organisations, queryVector] = await Promise.all([
    searchIndexes(db, embedder?.model),
    db
      .select({ id: questions.id, rank: questionRank })
      .from(questions)
      .where(
        sql`${questionRank} >= ${QUESTION_MIN_RANK} and ${questions.search} @@ ${query} and exists (select 1 ${HUMAN_REPLY})`,
      )
      .orderBy(desc(questionRank))
      .limit(limits.questions * 3),
    place
      ? nearbyOrganisations(db, { postcode: place.postcode, radius: 25 }).then((near) =>
          near.resources.slice(0, limits.organisations),
        )
      : [],
    embedder ? embedQuery(embedder, message) : undefined,
  ]);
  const vectors = queryVector && indexes.vectors;
  const semantic = (items: Map<string, Float32Array> | undefined) =>
    queryVector && items ? bySimilarity(queryVector, items) : undefined;

  const inState = (id: string) => {
    const where = indexes.service.get(id)?.location.state;
    return !state || where === state || where === 'national';
  };
  const articleIds = kept(
    rankFor(indexes.articles, message),
    ARTICLE_MIN_SCORE,
    ARTICLE_RELATIVE_SCORE,
    semantic(vectors ? vectors.articles : undefined),
  ).slice(0, limits.articles);
  const serviceIds = kept(
    rankFor(indexes.services, message).filter((row) => inState(row.id)),
    SERVICE_MIN_SCORE,
    SERVICE_RELATIVE_SCORE,
    semantic(vectors ? vectors.services : undefined)?.filter((row) => inState(row.id)),
  ).slice(0, limits.services);
  const questionIds = kept(
    questionRows.map((row) => ({ id: row.id, score: row.rank })),
    QUESTION_MIN_RANK,
    RELATIVE_RANK,
    queryVector && embedder ? semantic(await questionVectors(db, embedder.model)) : undefined,
  ).slice(0, limits.questions);

  return {
    articles: articleIds.map((id) => indexes.article.get(id)!),
    services: serviceIds.map((id) => indexes.service.get(id)!),
    questions: await communityAnswers(db, questionIds),
    organisations,
  };
}

const HUMAN_REPLY = sql`from replies r where r.question_id = ${questions.id} and not r.is_ai_reply`;

/** Answered community questions by id, in that order, with their first answer by a person. */
async function communityAnswers(db: Database, ids: string[]): Promise<CommunityAnswer[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: questions.id,
      title: questions.title,
      answer: sql<string>`(select r.content ${HUMAN_REPLY} order by r.created_at limit 1)`,
    })
    .from(questions)
    .where(inArray(questions.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
