import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants';
import { encodeCursor } from '../../../shared/cursor';
import {
  QUESTION_LIMITS,
  type LatestCursor,
  type ListQuestionsOptions,
  type QuestionList,
  type TrendingCursor,
} from '../../../shared/schemas/questions';
import type { Database } from '../../db/client';
import { perDatabaseCache } from '../../lib/ttl-cache';
import {
  questionSearch,
  SELECT_QUESTION,
  textArray,
  shapeQuestion,
  viewerFlags,
  whereAll,
  type QuestionRow,
  type Viewer,
} from './question-shape';
import { rankTrending } from './trending';

/** How many of the newest questions a search looks through to learn whether its words are common. */
const SEARCH_PROBE_ROWS = 500;
/** Fewer matches than this among them (1 in 100), and the search's words are rare. */
const SEARCH_PROBE_MATCHES = 5;

/**
 * Whether a search's words are rare. A common one finds its newest questions within a few hundred of the newest
 * rows, and trending finds its page in the recent spans; a rare one would have either walk the whole table, so its
 * questions are read through the search indexes instead (few, however old). Costs a look at the newest few hundred.
 */
async function isRareSearch(db: Database, filters: SQL[]): Promise<boolean> {
  const [row] = (
    await db.execute<{ n: number }>(sql`
      select count(*)::int as n from (
        select * from questions q order by q.created_at desc, q.id desc limit ${SEARCH_PROBE_ROWS}) q
      ${whereAll(filters)}`)
  ).rows;
  return (row?.n ?? 0) < SEARCH_PROBE_MATCHES;
}

type RawPage = { rows: QuestionRow[]; urgent: QuestionRow[]; nextCursor: string | null };

/** The first pages of the feeds, as read from the database. */
const feedCache = perDatabaseCache<RawPage>(5_000);

/** The questions with these ids, in this order (one deleted meanwhile is left out). */
async function questionsInOrder(db: Database, ids: string[]): Promise<QuestionRow[]> {
  if (!ids.length) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const found = await db.execute<QuestionRow>(sql`${SELECT_QUESTION} where q.id in (${list})`);
  const byId = new Map(found.rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * One page of a listing. Every page starts where the last one ended (keyset paging, never an offset): reading the
 * tenth page costs what the first does, and questions asked meanwhile neither repeat nor hide any on later pages.
 */
async function readPage(db: Database, options: ListQuestionsOptions, run = WHOLE): Promise<RawPage> {
  const { cursor } = options;
  const filters: SQL[] = run.filter ? [run.filter] : [];
  // By the category's id, so that the topic's own index serves its pages.
  if (options.category) {
    filters.push(
      sql`q.category_id = (select cat.id from categories cat where cat.slug = ${options.category})`,
    );
  }
  const search = options.q ? questionSearch(options.q) : undefined;
  // Recent SOS questions have their own lane on trending; latest is simply newest first, and a search looks
  // through everything.
  const laneApplies = options.sort === 'trending' && !options.q;
  const inLane = sql`(q.is_urgent and q.created_at > now() - make_interval(hours => ${QUESTION_LIMITS.urgentLaneHours}))`;
  const listFilters = laneApplies ? [...filters, sql`not ${inLane}`] : [...filters];
  const searchFilters = search ? [...listFilters, search] : listFilters;
  const take = options.limit + 1;
  const rare = search ? await isRareSearch(db, searchFilters) : false;

  let rows: QuestionRow[];
  let nextFor: (last: QuestionRow) => TrendingCursor | LatestCursor;
  if (options.sort === 'trending') {
    // The query schema made sure a trending listing's cursor is a trending one.
    const trendingCursor = cursor as TrendingCursor | undefined;
    const at = trendingCursor?.at ?? new Date().toISOString();
    const ranked = await rankTrending(db, listFilters, search, at, trendingCursor, take, rare);
    const scores = new Map(ranked.map((row) => [row.id, row.score]));
    rows = await questionsInOrder(
      db,
      ranked.map((row) => row.id),
    );
    nextFor = (last) => ({ at, score: scores.get(last.id)!, createdAt: last.created_at_exact, id: last.id });
  } else {
    if (cursor) {
      searchFilters.push(sql`(q.created_at, q.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
    }
    if (rare) {
      // Materialized, so that the newest-first index does not walk the table in search of the few.
      const found = await db.execute<{ id: string }>(sql`
        with found as materialized (select q.id, q.created_at from questions q ${whereAll(searchFilters)})
        select id from found order by created_at desc, id desc limit ${take}`);
      rows = await questionsInOrder(
        db,
        found.rows.map((row) => row.id),
      );
    } else {
      const result = await db.execute<QuestionRow>(
        sql`${SELECT_QUESTION} ${whereAll(searchFilters)} order by q.created_at desc, q.id desc limit ${take}`,
      );
      rows = result.rows;
    }
    nextFor = (last) => ({ createdAt: last.created_at_exact, id: last.id });
  }
  const shown = rows.slice(0, options.limit);
  const hasMore = rows.length > options.limit;

  let urgent: QuestionRow[] = [];
  if (laneApplies && !cursor && !run.rest) {
    const lane = await db.execute<QuestionRow>(
      sql`${SELECT_QUESTION} ${whereAll([...filters, inLane])} order by q.created_at desc limit 20`,
    );
    urgent = lane.rows;
  }
  const last = shown[shown.length - 1];
  const next = hasMore && last ? nextFor(last) : undefined;
  return {
    rows: shown,
    urgent,
    nextCursor: next ? encodeCursor(run.rest ? { ...next, rest: true } : next) : null,
  };
}

/** A part of a listing: its questions matching `filter`; `rest` is the part after the reader's languages. */
type Run = { filter?: SQL; rest: boolean };
const WHOLE: Run = { rest: false };

/**
 * A listing with the reader's languages first (`first`): the questions in them, in the listing's order, then, once
 * they run out, all the others in the same order. Each page starts where the last one ended, in either part.
 */
async function readRuns(db: Database, options: ListQuestionsOptions): Promise<RawPage> {
  if (!options.first.length) return readPage(db, options);
  const inFirst = sql`q.language = any(${textArray(options.first)})`;
  const others: Run = { filter: sql`not ${inFirst}`, rest: true };
  if (options.rest) return readPage(db, options, others);
  const page = await readPage(db, options, { filter: inFirst, rest: false });
  if (page.nextCursor) return page;
  const room = options.limit - page.rows.length;
  // The page is full and its languages have no more: the next page starts the others, if there are any.
  const after = await readPage(db, { ...options, cursor: undefined, limit: Math.max(room, 1) }, others);
  if (room === 0) return { ...page, nextCursor: after.rows.length ? encodeCursor({ rest: true }) : null };
  return { rows: [...page.rows, ...after.rows], urgent: page.urgent, nextCursor: after.nextCursor };
}

/** What a feed's first page is kept under: the same listing for every reader who asks for it. */
export const feedKey = (options: ListQuestionsOptions) =>
  `${options.sort}|${options.category ?? ''}|${options.limit}|${options.first.join(',')}`;

/** A feed's page as read from the database: its first page is read once per few seconds at most; writes clear it. */
export async function feedPage(db: Database, options: ListQuestionsOptions): Promise<RawPage> {
  const cacheable = !options.q && !options.cursor && !options.rest;
  return cacheable ? feedCache(db).get(feedKey(options), () => readRuns(db, options)) : readRuns(db, options);
}

export async function listQuestions(
  db: Database,
  viewer: Viewer,
  locale: Locale,
  options: ListQuestionsOptions,
): Promise<QuestionList> {
  const page = await feedPage(db, options);
  const flags = await viewerFlags(
    db,
    viewer,
    [...page.rows, ...page.urgent].map((row) => row.id),
  );
  return {
    questions: page.rows.map((row) => shapeQuestion(row, viewer, locale, flags(row.id))),
    urgent: page.urgent.map((row) => shapeQuestion(row, viewer, locale, flags(row.id))),
    nextCursor: page.nextCursor,
  };
}
