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
import { perDatabaseCache } from './cache';
import {
  iso,
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
 * Trending as DESIGN.md §7: engagement that decays with age, (upvotes + replies + 1) / (age_hours + 2)^1.5,
 * computed at one instant for every page of a listing so pages do not shift under the reader.
 */
export function trendingScore(upvotes: number, replyCount: number, ageHours: number): number {
  return (upvotes + replyCount + 1) / Math.pow(Math.max(0, ageHours) + 2, 1.5);
}

const scoreAt = (at: string) =>
  // float8 throughout: extract() answers numeric, whose power() is fifty times slower.
  sql`((q.upvotes + q.reply_count + 1)::float8 / power(greatest(extract(epoch from (${at}::timestamptz - q.created_at))::float8 / 3600, 0) + 2, 1.5))`;

type RawPage = { rows: QuestionRow[]; urgent: QuestionRow[]; nextCursor: string | null };

type ReplyRow = {
  id: string;
  content: string;
  is_ai_reply: boolean;
  created_at: Date | string;
  author_id: string | null;
  display_name: string | null;
  role: Role | null;
};
type RawDetail = { row: QuestionRow; replies: ReplyRow[] };

/** The first pages of the feeds and the question pages, as read from the database. */
const feedCache = perDatabaseCache<RawPage>(5_000);
const detailCache = perDatabaseCache<RawDetail>(5_000, 2_000);

async function readPage(db: Database, options: ListQuestionsOptions): Promise<RawPage> {
  const { cursor } = options;
  const filters: SQL[] = [];
  if (options.category) filters.push(sql`c.slug = ${options.category}`);
  if (options.q) filters.push(questionSearch(options.q));
  // Recent SOS questions have their own lane on trending; latest is simply newest first, and a search looks
  // through everything.
  const laneApplies = options.sort === 'trending' && !options.q;
  const inLane = sql`(q.is_urgent and q.created_at > now() - make_interval(hours => ${QUESTION_LIMITS.urgentLaneHours}))`;
  const listFilters = laneApplies ? [...filters, sql`not ${inLane}`] : [...filters];

  let order: SQL;
  let nextFor: (rows: QuestionRow[]) => TrendingCursor | LatestCursor;
  let offset = 0;
  if (options.sort === 'trending') {
    const at = cursor && 'at' in cursor ? cursor.at : new Date().toISOString();
    offset = cursor && 'offset' in cursor ? cursor.offset : 0;
    order = sql`${scoreAt(at)} desc, q.created_at desc, q.id desc`;
    nextFor = (rows) => ({ at, offset: offset + rows.length });
  } else {
    if (cursor && 'createdAt' in cursor) {
      listFilters.push(sql`(q.created_at, q.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
    }
    order = sql`q.created_at desc, q.id desc`;
    nextFor = (rows) => {
      const last = rows[rows.length - 1]!;
      return { createdAt: last.created_at_exact, id: last.id };
    };
  }

  const where = (list: SQL[]) => (list.length ? sql`where ${sql.join(list, sql` and `)}` : sql``);
  const result = await db.execute<QuestionRow>(
    sql`${SELECT_QUESTION} ${where(listFilters)} order by ${order} limit ${options.limit + 1} offset ${offset}`,
  );
  const rows = result.rows.slice(0, options.limit);
  const hasMore = result.rows.length > options.limit;

  let urgent: QuestionRow[] = [];
  if (laneApplies && !cursor) {
    const lane = await db.execute<QuestionRow>(
      sql`${SELECT_QUESTION} ${where([...filters, inLane])} order by q.created_at desc limit 20`,
    );
    urgent = lane.rows;
  }
  return { rows, urgent, nextCursor: hasMore && rows.length ? encodeCursor(nextFor(rows)) : null };
}

export async function listQuestions(
  db: Database,
  viewer: Viewer,
  locale: Locale,
  options: ListQuestionsOptions,
): Promise<QuestionList> {
  // The first page of each feed is read once per few seconds at most; writes clear it.
  const cacheable = !options.q && !options.cursor;
  const key = `${options.sort}|${options.category ?? ''}|${options.limit}`;
  const page = cacheable
    ? await feedCache(db).get(key, () => readPage(db, options))
    : await readPage(db, options);
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
      select r.id, r.content, r.is_ai_reply, r.created_at, r.author_id, u.display_name, ${BADGE_ROLE} as role
      from replies r left join users u on u.id = r.author_id
      where r.question_id = ${id}
      order by r.is_ai_reply desc, r.created_at asc, r.id asc`),
  ]);
  const row = question.rows[0];
  if (!row) throw errors.notFound();
  return { row, replies: replyRows.rows };
}

/** The question with all its replies: Chloe's first, then the others oldest first. */
export async function getQuestion(
  db: Database,
  viewer: Viewer,
  locale: Locale,
  id: string,
): Promise<QuestionDetail> {
  const { row, replies: replyRows } = await detailCache(db).get(id, () => readDetail(db, id));
  const flags = await viewerFlags(db, viewer, [id]);
  // The question's author stays anonymous in their own replies too.
  const hideReplyAuthor = (authorId: string | null) => row.is_anonymous && authorId === row.author_id;
  return {
    ...shapeQuestion(row, viewer, locale, flags(id), true),
    replies: replyRows.map((reply) => ({
      id: reply.id,
      content: reply.content,
      isAiReply: reply.is_ai_reply,
      createdAt: iso(reply.created_at),
      author:
        reply.display_name && reply.role
          ? visibleAuthor(hideReplyAuthor(reply.author_id), viewer, {
              displayName: reply.display_name,
              role: reply.role,
            })
          : null,
      isOwn: viewer !== null && viewer.id === reply.author_id,
    })),
  };
}
