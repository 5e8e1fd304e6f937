import { BADGE_ROLE } from '../../db/schema';
import { sql, type SQL } from 'drizzle-orm';
import type { Locale, Role } from '../../../shared/constants';
import {
  QUESTION_LIMITS,
  type LatestCursor,
  type ListQuestionsOptions,
  type QuestionDetail,
  type QuestionList,
  type TrendingCursor,
} from '../../../shared/schemas/questions';
import type { Database } from '../../db/client';
import { errors } from '../../errors';
import { iso } from '../../lib/text';
import { perDatabaseCache } from './cache';
import {
  questionSearch,
  SELECT_QUESTION,
  shapeQuestion,
  viewerFlags,
  visibleAuthor,
  type QuestionRow,
  type Viewer,
} from './question-shape';

function encodeCursor(cursor: TrendingCursor | LatestCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/**
 * Trending as DESIGN.md §7: engagement that decays with age, (upvotes + replies + helpful + 1) / (age_hours + 2)^1.5,
 * where `helpful` counts the replies the asker marked "This helped"; computed at one instant for every page of a
 * listing so pages do not shift under the reader.
 */
export function trendingScore(
  upvotes: number,
  replyCount: number,
  ageHours: number,
  helpfulCount = 0,
): number {
  return (upvotes + replyCount + helpfulCount + 1) / Math.pow(Math.max(0, ageHours) + 2, 1.5);
}

const scoreAt = (at: string) =>
  // float8 throughout: extract() answers numeric, whose power() is fifty times slower. Written on the sum of the
  // three counts, which questions_engagement_idx indexes.
  sql`(((q.upvotes + q.reply_count + q.helpful_count) + 1)::float8 / power(greatest(extract(epoch from (${at}::timestamptz - q.created_at))::float8 / 3600, 0) + 2, 1.5))`;

/**
 * Trending looks at the questions of the last week first, then of eight weeks, then of 64 weeks, and only in the
 * end at all of them: the first span that holds a page decides, with the older questions that could outrank it.
 */
export const TRENDING_WINDOWS_HOURS = [7 * 24, 8 * 7 * 24, 64 * 7 * 24] as const;
/** When more older questions than this could outrank a span's page, the next span is read instead. */
const OLDER_CANDIDATES_MAX = 2_000;

/** A question's place in a trending ranking: its score at the listing's instant, then its time and id. */
type Ranked = { id: string; score: number; created_at_exact: string };

const EXACT_TIME = sql`to_char(q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
/** The order of `score desc, created_at desc, id desc`: the times are of one fixed width, ids lower-case hex. */
const byRank = (x: Ranked, y: Ranked) =>
  y.score - x.score || compare(y.created_at_exact, x.created_at_exact) || compare(y.id, x.id);

/**
 * The least engagement (likes, replies and helpful marks) with which a question older than `hours` can score `score` or more: its age is at
 * least `hours`, so its score is at most (engagement + 1) / (hours + 2)^1.5. Rounded down, so that floating point
 * never leaves one out.
 */
export function leastEngagementToReach(score: number, hours: number): number {
  return Math.floor(score * Math.pow(hours + 2, 1.5) * (1 - 1e-9)) - 1;
}

const whereAll = (list: SQL[]) => (list.length ? sql`where ${sql.join(list, sql` and `)}` : sql``);

/**
 * The next `take` questions of a trending listing ranked at `at`, after the cursor. Ranking every question would
 * read the whole table; the newest span that holds `take` of them is ranked instead, together with the older
 * questions whose likes and replies are high enough to outrank the span's last: no other can belong on the page,
 * so the order is exactly the formula's over every question.
 */
async function rankTrending(
  db: Database,
  filters: SQL[],
  search: SQL | undefined,
  at: string,
  cursor: TrendingCursor | undefined,
  take: number,
  everything = false,
): Promise<Ranked[]> {
  const score = scoreAt(at);
  const conditions = [...filters];
  if (cursor) {
    conditions.push(
      // Questions asked since the listing's first page belong to the next listing, not to this one's later pages.
      sql`q.created_at <= ${at}::timestamptz`,
      sql`(${score}, q.created_at, q.id) < (${cursor.score}::float8, ${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  const searched = search ? [search] : [];
  const ranked = (extra: SQL[]) =>
    sql`select q.id, ${score} as score, ${EXACT_TIME} as created_at_exact from questions q
      ${whereAll([...conditions, ...extra])}`;
  const order = sql`order by score desc, created_at_exact desc, id desc`;
  // A span's questions in order, searched only until the page is full: the score is cheap to work out, a search's
  // match on every question of a week is not.
  const rankedSpan = (span: SQL) =>
    search
      ? sql`select r.id, r.score, r.created_at_exact from (${ranked([span])} ${order} offset 0) r
          join questions q on q.id = r.id where ${search}
          order by r.score desc, r.created_at_exact desc, r.id desc limit ${take}`
      : sql`${ranked([span])} ${order} limit ${take}`;

  for (const hours of everything ? [] : TRENDING_WINDOWS_HOURS) {
    const since = sql`(${at}::timestamptz - make_interval(hours => ${hours}))`;
    const recent = (await db.execute<Ranked>(rankedSpan(sql`q.created_at > ${since}`))).rows;
    // Too few in the span: a longer one.
    if (recent.length < take) continue;
    const least = leastEngagementToReach(recent[recent.length - 1]!.score, hours);
    const older = (
      await db.execute<Ranked & { candidates: number }>(sql`
        select *, count(*) over ()::int as candidates from (
          ${ranked([sql`q.created_at <= ${since}`, sql`(q.upvotes + q.reply_count + q.helpful_count) >= ${least}`, ...searched])}
          limit ${OLDER_CANDIDATES_MAX + 1}) c
        ${order} limit ${take}`)
    ).rows;
    // So many older questions could outrank the span's page that a longer span costs less.
    if ((older[0]?.candidates ?? 0) > OLDER_CANDIDATES_MAX) continue;
    return [...recent, ...older].sort(byRank).slice(0, take);
  }
  // Every question that passes the filters: through the search's own indexes when there is one.
  return (await db.execute<Ranked>(sql`${ranked(searched)} ${order} limit ${take}`)).rows;
}

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

type ReplyRow = {
  id: string;
  content: string;
  is_ai_reply: boolean;
  created_at: Date | string;
  author_id: string | null;
  display_name: string | null;
  role: Role | null;
  helpful: boolean;
};
type RawDetail = { row: QuestionRow; replies: ReplyRow[] };

/** The first pages of the feeds and the question pages, as read from the database. */
const feedCache = perDatabaseCache<RawPage>(5_000);
const detailCache = perDatabaseCache<RawDetail>(5_000, 2_000);

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
async function readPage(db: Database, options: ListQuestionsOptions): Promise<RawPage> {
  const { cursor } = options;
  const filters: SQL[] = [];
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
  if (laneApplies && !cursor) {
    const lane = await db.execute<QuestionRow>(
      sql`${SELECT_QUESTION} ${whereAll([...filters, inLane])} order by q.created_at desc limit 20`,
    );
    urgent = lane.rows;
  }
  const last = shown[shown.length - 1];
  return { rows: shown, urgent, nextCursor: hasMore && last ? encodeCursor(nextFor(last)) : null };
}

/** A feed's page as read from the database: its first page is read once per few seconds at most; writes clear it. */
export async function feedPage(db: Database, options: ListQuestionsOptions): Promise<RawPage> {
  const cacheable = !options.q && !options.cursor;
  const key = `${options.sort}|${options.category ?? ''}|${options.limit}`;
  return cacheable ? feedCache(db).get(key, () => readPage(db, options)) : readPage(db, options);
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

async function readDetail(db: Database, id: string): Promise<RawDetail> {
  const [question, replyRows] = await Promise.all([
    db.execute<QuestionRow>(sql`${SELECT_QUESTION} where q.id = ${id}`),
    db.execute<ReplyRow>(sql`
      select r.id, r.content, r.is_ai_reply, r.created_at, r.author_id, u.display_name, ${BADGE_ROLE} as role,
        r.helpful_at is not null as helpful
      from replies r left join users u on u.id = r.author_id
      where r.question_id = ${id}
      order by r.is_ai_reply desc, r.created_at asc, r.id asc`),
  ]);
  const row = question.rows[0];
  if (!row) throw errors.notFound();
  return { row, replies: replyRows.rows };
}

/** A question and its replies as read from the database, kept a few seconds; writes clear it. */
export function questionDetail(db: Database, id: string): Promise<RawDetail> {
  return detailCache(db).get(id, () => readDetail(db, id));
}

/**
 * A reply as `viewer` reads it; the question's author stays anonymous in their own replies too. Without `isOwn`,
 * which is the viewer's alone.
 */
export function shapeReply(reply: ReplyRow, question: QuestionRow, viewer: Viewer) {
  const hidden = question.is_anonymous && reply.author_id === question.author_id;
  return {
    id: reply.id,
    content: reply.content,
    isAiReply: reply.is_ai_reply,
    createdAt: iso(reply.created_at),
    helpful: reply.helpful,
    author:
      reply.display_name && reply.role
        ? visibleAuthor(hidden, viewer, { displayName: reply.display_name, role: reply.role })
        : null,
  };
}

/** The question with all its replies: Chloe's first, then the others oldest first. */
export async function getQuestion(
  db: Database,
  viewer: Viewer,
  locale: Locale,
  id: string,
): Promise<QuestionDetail> {
  const { row, replies: replyRows } = await questionDetail(db, id);
  const flags = await viewerFlags(db, viewer, [id]);
  return {
    ...shapeQuestion(row, viewer, locale, flags(id), true),
    replies: replyRows.map((reply) => ({
      ...shapeReply(reply, row, viewer),
      isOwn: viewer !== null && viewer.id === reply.author_id,
    })),
  };
}
