import { AUS_STATES } from '../../../shared/directory';
import { sql } from 'drizzle-orm';
import type { KnowledgeArticle } from '../../../shared/schemas/knowledge';
import type { GovernmentService } from '../../../shared/schemas/resources';
import type { Database } from '../../db/client';
import { lookupPostcode, type AusState } from '../../lib/postcodes';
import { searchWords } from '../../lib/text';
import { HUMAN_ANSWER } from '../questions';
import { nearbyOrganisations, type NearbyOrganisation } from '../resources';
import { bySimilarity, questionVectors, unit, type Embedder } from './embeddings';
import { questionMode, type Ranked } from './lexical';
import { questionWithSynonyms, type Query } from './query';
import { POSTGRES_STOP_WORDS } from './stop-words';
import { localFirst, mentionedState } from './local-first';
import { rankArticlesFor, rankFor, searchIndexes, type SearchIndexes } from './search-index';

export type Source = { title: string; url: string };
export type CommunityAnswer = { id: string; title: string; answer: string };
export type Retrieved = {
  articles: KnowledgeArticle[];
  services: GovernmentService[];
  questions: CommunityAnswer[];
  organisations: NearbyOrganisation[];
  /** The reader's state, when the message names it or a place in it: its points and sources come first. */
  state?: AusState;
};

/**
 * An article is kept when its BM25F score is at least `min` (below it, it only shares a word or two with the
 * question) and at least `share` of the best one's (decision 021; npm run eval:chloe -- --grid searches them).
 */
export const ARTICLE_THRESHOLD = { min: 0.32, share: 0.8 };
/** The same for a government service. */
const SERVICE_MIN_SCORE = 0.29;
const SERVICE_RELATIVE_SCORE = 0.6;
/** ts_rank (normalised to rank / (rank + 1)) below which a question only mentions the words in passing. */
const QUESTION_MIN_RANK = 0.05;
/**
 * A community question is kept only when the words it shares with the message carry at least this share of the
 * message's weight (each word weighed by its rarity in the articles and services): sharing "best" and "way" with a
 * question about cooking is not enough.
 */
const QUESTION_MIN_COVERAGE = 0.5;
/** How many of a message's words (the most telling) look up community questions. */
const QUESTION_QUERY_WORDS = 4;
/**
 * At most this many questions that match are ranked: a message of common words can match tens of thousands, and
 * ranking them all would take seconds.
 */
const QUESTION_MATCHES = 500;
/** The best-ranked questions looked at for an answer by a person. */
const QUESTION_CANDIDATES = 30;
/**
 * With an embedding model: an item counts as relevant by meaning from this cosine similarity, when it is within
 * the margin of the best one. Not tuned here (no model runs on the test machine): values commonly used with bge-m3
 * and nomic-embed-text; see decision 021.
 */
const SEMANTIC_MIN_SIMILARITY = 0.55;
const SEMANTIC_MARGIN = 0.05;
/** The usual constant of reciprocal rank fusion. */
const RRF_K = 60;
/** How long a question waits for its embedding before it is answered from words alone. */
const EMBED_TIMEOUT_MS = 3_000;
/** A community question is kept only when it ranks at least this share of the best one. */
const RELATIVE_RANK = 0.6;

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
function fuse(lexical: Ranked[], lexicalKept: Ranked[], semantic: Ranked[]): string[] {
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
export function rankArticles(indexes: SearchIndexes, question: string | Query, limit = 3): Ranked[] {
  const { min, share } = ARTICLE_THRESHOLD;
  return nearBest(rankArticlesFor(indexes, question), min, share).slice(0, limit);
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

export type RetrieveOptions = {
  limits?: { articles: number; services: number; questions: number; organisations: number };
  /** Chloe's embedding model, when one is configured: meaning is then fused with words. */
  embedder?: Embedder;
  /** Articles put first whatever the ranking says (a person in crisis gets the mental health article). */
  first?: string[];
  /** The state the reader's profile names: first when the message names no place of its own. */
  readerState?: string | null;
};
const LIMITS = { articles: 3, services: 2, questions: 2, organisations: 3 };

/**
 * The knowledge articles, government services, answered community questions and (when the message names a
 * postcode) local organisations most relevant to a message, best first, looked up side by side. Articles and
 * services by Chloe's lexical ranker (lexical.ts), community questions by PostgreSQL full-text search; with an
 * embedding model, each fused with a ranking by meaning.
 */
export async function retrieve(
  db: Database,
  message: string,
  options: RetrieveOptions = {},
): Promise<Retrieved> {
  const { limits = LIMITS, embedder } = options;
  const words = searchWords(message);
  if (words.length === 0) return { articles: [], services: [], questions: [], organisations: [] };
  const indexes = await searchIndexes(db, embedder?.model);
  // Community questions are looked up by the message's most telling words, two at a time (or one alone that
  // carries enough of the message): a long post's common words would match and rank thousands of questions, and a
  // question with one word of the message rarely covers enough of it. PostgreSQL drops its stop words from a query,
  // so one of them in a pair ("bond & after") would leave the other word alone.
  const weightOf = (word: string) => indexes.articles.weightOf(word);
  const messageWeight = words.reduce((sum, word) => sum + weightOf(word), 0);
  const telling = words
    .filter((word) => !POSTGRES_STOP_WORDS.has(word))
    .sort((a, b) => weightOf(b) - weightOf(a))
    .slice(0, QUESTION_QUERY_WORDS);
  if (telling.length === 0) telling.push(...words.slice(0, 1));
  const lookups = [
    ...telling.flatMap((a, i) => telling.slice(i + 1).map((b) => `(${a} & ${b})`)),
    ...telling.filter(
      (word) => telling.length === 1 || weightOf(word) >= messageWeight * QUESTION_MIN_COVERAGE,
    ),
  ];
  // Vietnamese is indexed with the 'simple' configuration as well; English needs only its own.
  const query =
    questionMode(message) === 'en'
      ? sql`to_tsquery('english', ${orQuery(lookups)})`
      : sql`(to_tsquery('english', ${orQuery(lookups)}) || to_tsquery('simple', ${orQuery(lookups)}))`;

  const postcode = message.match(/(?<!\d)\d{4}(?!\d)/)?.[0];
  const place = postcode ? lookupPostcode(postcode) : undefined;
  // A person who names their state or city gets that state's services (and the national ones), not another's.
  const state =
    place?.state ??
    mentionedState(message, (word) => indexes.articles.hasWord(word)) ??
    AUS_STATES.find((code) => code === options.readerState);

  const [questionRows, organisations, queryVector] = await Promise.all([
    // Which of the message's words each question has is worked out for the few best only, after the sort.
    db
      .execute<{ id: string; rank: number; matched: string[] }>(
        sql`select q.id, q.rank, array(select w from unnest(${sql.param(words)}::text[]) w
              where q.search @@ (to_tsquery('english', w) || to_tsquery('simple', w))) as matched
            from (select m.id, m.author_id, m.search, ts_rank(m.search, ${query}, 32) as rank
                  from (select id, author_id, search from questions
                        where search @@ ${query} limit ${QUESTION_MATCHES}) m
                  order by rank desc limit ${QUESTION_CANDIDATES}) q
            where ${ANSWERED}
            order by q.rank desc limit ${limits.questions * 3}`,
      )
      .then((result) => result.rows),
    place && limits.organisations
      ? nearbyOrganisations(db, { postcode: place.postcode, radius: 25 }).then((near) =>
          near.resources.slice(0, limits.organisations),
        )
      : [],
    embedder ? embedQuery(embedder, message) : undefined,
  ]);
  const semantic = (items: Map<string, Float32Array> | undefined) =>
    queryVector && items ? bySimilarity(queryVector, items) : undefined;
  const inState = (id: string) => {
    const where = indexes.service.get(id)?.location.state;
    return !state || where === state || where === 'national';
  };

  const question = questionWithSynonyms(message);
  const articleIds = kept(
    rankArticlesFor(indexes, question),
    ARTICLE_THRESHOLD.min,
    ARTICLE_THRESHOLD.share,
    semantic(indexes.vectors?.articles),
  );
  const first = (options.first ?? []).filter((id) => indexes.article.has(id));
  const serviceIds = kept(
    rankFor(indexes.services, question).filter((row) => inState(row.id)),
    SERVICE_MIN_SCORE,
    SERVICE_RELATIVE_SCORE,
    semantic(indexes.vectors?.services)?.filter((row) => inState(row.id)),
  ).slice(0, limits.services);
  const weight = (list: string[]) => list.reduce((sum, word) => sum + weightOf(word), 0);
  const questionIds = kept(
    questionRows
      .filter((row) => weight(row.matched) >= messageWeight * QUESTION_MIN_COVERAGE)
      .map((row) => ({ id: row.id, score: row.rank })),
    QUESTION_MIN_RANK,
    RELATIVE_RANK,
    queryVector && embedder ? semantic(await questionVectors(db, embedder.model)) : undefined,
  ).slice(0, limits.questions);

  return {
    articles: [...new Set([...first, ...articleIds])]
      .slice(0, limits.articles)
      .map((id) => localFirst(indexes.article.get(id)!, state)),
    services: serviceIds.map((id) => indexes.service.get(id)!),
    questions: await communityAnswers(db, questionIds),
    organisations,
    state,
  };
}

/** Question `q` has an answer by a person (not Chloe, not the asker): the only community questions Chloe cites. */
const ANSWERED = sql`exists (select 1 from replies r where ${HUMAN_ANSWER})`;

/** Answered community questions by id, in that order, with their first answer by a person. */
async function communityAnswers(db: Database, ids: string[]): Promise<CommunityAnswer[]> {
  if (!ids.length) return [];
  // Found by meaning, a question may have lost its answer since its embedding was made: checked again here.
  const { rows } = await db.execute<CommunityAnswer>(sql`
    select q.id, q.title,
      (select r.content from replies r where ${HUMAN_ANSWER} order by r.created_at limit 1) as answer
    from questions q where q.id = any(${sql.param(ids)}::uuid[]) and ${ANSWERED}`);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
