import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CATEGORIES, type CategorySlug } from '../../../shared/categories';
import type { Locale } from '../../../shared/constants';
import type { z } from 'zod';
import {
  QUESTION_LIMITS,
  type createQuestionSchema,
  type CategoryWithCount,
  type Question,
  type QuestionDetail,
  type QuestionList,
} from '../../../shared/schemas/questions';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { aiReplyJobs, bookmarks, categories, likes, questions, replies, reports } from '../../db/schema';
import { AppError, errors } from '../../errors';
import type { SessionUser } from '../../plugins/auth';
import { TtlCache } from './cache';
import { prepareJson, type PreparedJson } from './prepared-json';

type Viewer = SessionUser | null;

/** The seven categories exist in every database, demo or not. */
export async function seedCategories(db: Database): Promise<void> {
  for (const [index, category] of CATEGORIES.entries()) {
    const values = {
      slug: category.slug,
      nameEn: category.name.en,
      nameVi: category.name.vi,
      descriptionEn: category.description.en,
      descriptionVi: category.description.vi,
      colour: category.colour,
      sortOrder: index,
    };
    await db.insert(categories).values(values).onConflictDoUpdate({ target: categories.slug, set: values });
  }
}

export async function categoriesWithCounts(db: Database, locale: Locale): Promise<CategoryWithCount[]> {
  const rows = await db
    .select({
      slug: categories.slug,
      nameEn: categories.nameEn,
      nameVi: categories.nameVi,
      descriptionEn: categories.descriptionEn,
      descriptionVi: categories.descriptionVi,
      colour: categories.colour,
      count: sql<number>`(select count(*) from questions q where q.category_id = ${categories}.id)::int`,
    })
    .from(categories)
    .orderBy(categories.sortOrder);
  return rows.map((row) => ({
    slug: row.slug,
    name: locale === 'vi' ? row.nameVi : row.nameEn,
    description: locale === 'vi' ? row.descriptionVi : row.descriptionEn,
    colour: row.colour,
    count: row.count,
  }));
}

/** A question as read from the database, before it is shaped for one reader. */
export type QuestionRow = {
  id: string;
  title: string;
  content: string;
  tags: string[];
  is_urgent: boolean;
  is_anonymous: boolean;
  upvotes: number;
  reply_count: number;
  created_at: Date | string;
  /** created_at to the microsecond (JavaScript dates stop at milliseconds), for the latest-first cursor. */
  created_at_exact: string;
  author_id: string;
  display_name: string;
  role: 'student' | 'mentor' | 'admin';
  category_slug: string | null;
  category_en: string | null;
  category_vi: string | null;
  has_voice_note: boolean;
  ai_reply: string | null;
};

const SELECT_QUESTION = sql`
  select q.id, q.title, q.content, q.tags, q.is_urgent, q.is_anonymous, q.upvotes, q.reply_count, q.created_at,
    to_char(q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at_exact,
    q.author_id, u.display_name, u.role, c.slug as category_slug, c.name_en as category_en, c.name_vi as category_vi,
    exists (select 1 from voice_notes v where v.question_id = q.id) as has_voice_note,
    (select r.content from replies r where r.question_id = q.id and r.is_ai_reply
      order by r.created_at limit 1) as ai_reply
  from questions q
  join users u on u.id = q.author_id
  left join categories c on c.id = q.category_id`;

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** Anonymous questions show no author to anyone but admins. */
function visibleAuthor(
  isAnonymous: boolean,
  viewer: Viewer,
  author: { displayName: string; role: 'student' | 'mentor' | 'admin' },
) {
  return isAnonymous && viewer?.role !== 'admin' ? null : author;
}

/** Lists carry the start of each question (cards show three lines); the question page has all of it. */
const EXCERPT_CHARS = 400;

export function excerpt(text: string): string {
  if (text.length <= EXCERPT_CHARS) return text;
  const cut = text.slice(0, EXCERPT_CHARS);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > EXCERPT_CHARS * 0.8 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

export function shapeQuestion(
  row: QuestionRow,
  viewer: Viewer,
  locale: Locale,
  flags: { liked: boolean; bookmarked: boolean },
  full = false,
): Question {
  return {
    id: row.id,
    title: row.title,
    content: full ? row.content : excerpt(row.content),
    category: (locale === 'vi' ? row.category_vi : row.category_en) ?? null,
    categorySlug: row.category_slug,
    tags: row.tags,
    isUrgent: row.is_urgent,
    isAnonymous: row.is_anonymous,
    upvotes: row.upvotes,
    replyCount: row.reply_count,
    createdAt: iso(row.created_at),
    author: visibleAuthor(row.is_anonymous, viewer, { displayName: row.display_name, role: row.role }),
    replies: row.ai_reply === null ? [] : [{ content: row.ai_reply, isAiReply: true }],
    hasVoiceNote: row.has_voice_note,
    liked: flags.liked,
    bookmarked: flags.bookmarked,
    isOwn: viewer?.id === row.author_id,
  };
}

/** Which of these questions the viewer liked and bookmarked: two indexed look-ups, whatever the page size. */
async function viewerFlags(db: Database, viewer: Viewer, ids: string[]) {
  const liked = new Set<string>();
  const bookmarked = new Set<string>();
  if (viewer && ids.length > 0) {
    const idList = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const [likeRows, bookmarkRows] = await Promise.all([
      db.execute<{ question_id: string }>(
        sql`select question_id from likes where user_id = ${viewer.id} and question_id in (${idList})`,
      ),
      db.execute<{ question_id: string }>(
        sql`select question_id from bookmarks where user_id = ${viewer.id} and question_id in (${idList})`,
      ),
    ]);
    likeRows.rows.forEach((row) => liked.add(row.question_id));
    bookmarkRows.rows.forEach((row) => bookmarked.add(row.question_id));
  }
  return (id: string) => ({ liked: liked.has(id), bookmarked: bookmarked.has(id) });
}

type Cursor = { at: string; offset: number } | { createdAt: string; id: string };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_OFFSET = 100_000;

/** A real instant: `2024-02-30` or year 0 survive Date.parse but not a round trip (and PostgreSQL refuses them). */
function validTime(value: unknown): value is string {
  if (typeof value !== 'string' || !CURSOR_TIME.test(value)) return false;
  const date = new Date(value);
  return (
    !Number.isNaN(date.getTime()) &&
    date.getUTCFullYear() >= 1 &&
    date.toISOString().slice(0, 19) === value.slice(0, 19)
  );
}

/** Cursors come back from clients: anything but a well-formed one is a 400, never a database error. */
function decodeCursor(value: string | undefined, sort: 'trending' | 'latest'): Cursor | undefined {
  if (!value) return undefined;
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    // not JSON: refused below
  }
  const { at, offset, createdAt, id } = parsed ?? {};
  if (sort === 'trending' && validTime(at) && Number.isSafeInteger(offset)) {
    if ((offset as number) >= 0 && (offset as number) <= MAX_OFFSET) return { at, offset: offset as number };
  }
  if (sort === 'latest' && validTime(createdAt) && typeof id === 'string' && UUID.test(id)) {
    return { createdAt, id };
  }
  throw errors.validation('validation.cursorInvalid');
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

type ListOptions = {
  sort: 'trending' | 'latest';
  category?: CategorySlug;
  q?: string;
  limit: number;
  cursor?: string;
};

type RawPage = { rows: QuestionRow[]; urgent: QuestionRow[]; nextCursor: string | null };

/**
 * Per database (apps on different databases never share entries), cleared together on every write:
 * the first pages of the feeds, question pages, and both as the JSON a visitor gets, ready to send.
 */
type Caches = { feed: TtlCache<RawPage>; detail: TtlCache<RawDetail>; visitor: TtlCache<PreparedJson> };
const cachesByDb = new WeakMap<Database, Caches>();
function caches(db: Database): Caches {
  let found = cachesByDb.get(db);
  if (!found) {
    found = {
      feed: new TtlCache(5_000),
      detail: new TtlCache(5_000, 2_000),
      visitor: new TtlCache(5_000, 2_000),
    };
    cachesByDb.set(db, found);
  }
  return found;
}

export function clearCaches(db: Database): void {
  const all = caches(db);
  all.feed.clear();
  all.detail.clear();
  all.visitor.clear();
}

async function readPage(db: Database, options: ListOptions): Promise<RawPage> {
  const cursor = decodeCursor(options.cursor, options.sort);
  const filters: SQL[] = [];
  if (options.category) filters.push(sql`c.slug = ${options.category}`);
  if (options.q) {
    filters.push(sql`(q.search @@ websearch_to_tsquery('english', ${options.q})
      or q.search @@ websearch_to_tsquery('simple', ${options.q})
      or ${options.q} <% q.title)`);
  }
  // Recent SOS questions have their own lane on the feed; a search looks through everything.
  const laneApplies = !options.q;
  const inLane = sql`(q.is_urgent and q.created_at > now() - make_interval(hours => ${QUESTION_LIMITS.urgentLaneHours}))`;
  const listFilters = laneApplies ? [...filters, sql`not ${inLane}`] : [...filters];

  let order: SQL;
  let nextFor: (rows: QuestionRow[]) => Cursor;
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
  options: ListOptions,
): Promise<QuestionList> {
  // The first page of each feed is read once per few seconds at most; writes clear it.
  const cacheable = !options.q && !options.cursor;
  const key = `${options.sort}|${options.category ?? ''}|${options.limit}`;
  const page = cacheable
    ? await caches(db).feed.get(key, () => readPage(db, options))
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

type ReplyRow = {
  id: string;
  content: string;
  is_ai_reply: boolean;
  created_at: Date | string;
  author_id: string | null;
  display_name: string | null;
  role: 'student' | 'mentor' | 'admin' | null;
};
type RawDetail = { row: QuestionRow; replies: ReplyRow[] };

async function readDetail(db: Database, id: string): Promise<RawDetail> {
  const [question, replyRows] = await Promise.all([
    db.execute<QuestionRow>(sql`${SELECT_QUESTION} where q.id = ${id}`),
    db.execute<ReplyRow>(sql`
      select r.id, r.content, r.is_ai_reply, r.created_at, r.author_id, u.display_name, u.role
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
  const { row, replies: replyRows } = await caches(db).detail.get(id, () => readDetail(db, id));
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

/** What a visitor (no session) gets is the same for every visitor, so it is kept ready to send. */
export function visitorListJson(db: Database, locale: Locale, options: ListOptions): Promise<PreparedJson> {
  const load = async () => prepareJson(await listQuestions(db, null, locale, options));
  if (options.q || options.cursor) return load();
  return caches(db).visitor.get(
    `feed|${options.sort}|${options.category ?? ''}|${options.limit}|${locale}`,
    load,
  );
}

export function visitorQuestionJson(db: Database, locale: Locale, id: string): Promise<PreparedJson> {
  return caches(db).visitor.get(`detail|${id}|${locale}`, async () =>
    prepareJson(await getQuestion(db, null, locale, id)),
  );
}

const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/** Spam limits, checked under a per-user lock so two posts at once cannot both slip through. */
async function enforcePostingLimits(
  tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  user: SessionUser,
  kind: 'question' | 'reply',
  limits: Config['postingLimits'],
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`post:${user.id}`}))`);
  const table = kind === 'question' ? questions : replies;
  const authorColumn = kind === 'question' ? questions.authorId : replies.authorId;
  const [stats] = await tx
    .select({
      last: sql<string | null>`max(${table.createdAt})`,
      today: sql<number>`count(*) filter (where ${table.createdAt} > now() - interval '24 hours')::int`,
    })
    .from(table)
    .where(eq(authorColumn, user.id));
  const isNew = Date.now() - user.createdAt.getTime() < NEW_ACCOUNT_MS;
  const perDay = kind === 'question' ? limits.newAccountQuestionsPerDay : limits.newAccountRepliesPerDay;
  if (isNew && (stats?.today ?? 0) >= perDay) {
    const seconds = Math.ceil((user.createdAt.getTime() + NEW_ACCOUNT_MS - Date.now()) / 1000);
    throw errors.tooManyRequests(
      kind === 'question' ? 'errors.newAccountQuestions' : 'errors.newAccountReplies',
      seconds,
    );
  }
  const interval = kind === 'question' ? limits.questionIntervalSeconds : limits.replyIntervalSeconds;
  if (stats?.last && interval > 0) {
    const wait = Math.ceil((new Date(stats.last).getTime() + interval * 1000 - Date.now()) / 1000);
    if (wait > 0) {
      throw errors.tooManyRequests(
        kind === 'question' ? 'errors.questionTooSoon' : 'errors.replyTooSoon',
        wait,
      );
    }
  }
}

export async function createQuestion(
  db: Database,
  user: SessionUser,
  locale: Locale,
  input: z.output<typeof createQuestionSchema>,
  limits: Config['postingLimits'],
): Promise<QuestionDetail> {
  const id = await db.transaction(async (tx) => {
    await enforcePostingLimits(tx, user, 'question', limits);
    const categoryId = input.category
      ? (
          await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, input.category))
        )[0]?.id
      : null;
    const [created] = await tx
      .insert(questions)
      .values({
        authorId: user.id,
        categoryId: categoryId ?? null,
        title: input.title,
        content: input.content,
        tags: input.tags,
        isUrgent: input.isUrgent,
        isAnonymous: input.isAnonymous,
      })
      .returning({ id: questions.id });
    // Chloe answers every new question: a durable job, created with the question or not at all.
    await tx.insert(aiReplyJobs).values({ questionId: created!.id, urgent: input.isUrgent });
    return created!.id;
  });
  clearCaches(db);
  return getQuestion(db, user, locale, id);
}

async function assertQuestionExists(db: Database, id: string): Promise<void> {
  const [row] = await db.select({ id: questions.id }).from(questions).where(eq(questions.id, id));
  if (!row) throw errors.notFound();
}

/** Sets the like to `liked`, or toggles it when not given; the count moves only when the row does. */
export async function setLike(
  db: Database,
  user: SessionUser,
  questionId: string,
  liked?: boolean,
): Promise<{ liked: boolean; upvotes: number }> {
  await assertQuestionExists(db, questionId);
  const result = await db.transaction(async (tx) => {
    const current = await tx
      .select({ userId: likes.userId })
      .from(likes)
      .where(and(eq(likes.userId, user.id), eq(likes.questionId, questionId)));
    const want = liked ?? current.length === 0;
    let delta: number;
    if (want) {
      const inserted = await tx
        .insert(likes)
        .values({ userId: user.id, questionId })
        .onConflictDoNothing()
        .returning({ userId: likes.userId });
      delta = inserted.length;
    } else {
      const deleted = await tx
        .delete(likes)
        .where(and(eq(likes.userId, user.id), eq(likes.questionId, questionId)))
        .returning({ userId: likes.userId });
      delta = -deleted.length;
    }
    const [row] = await tx
      .update(questions)
      .set({ upvotes: sql`${questions.upvotes} + ${delta}` })
      .where(eq(questions.id, questionId))
      .returning({ upvotes: questions.upvotes });
    return { liked: want, upvotes: row?.upvotes ?? 0 };
  });
  clearCaches(db);
  return result;
}

export async function setBookmark(
  db: Database,
  user: SessionUser,
  questionId: string,
  bookmarked?: boolean,
): Promise<{ bookmarked: boolean }> {
  await assertQuestionExists(db, questionId);
  const where = and(eq(bookmarks.userId, user.id), eq(bookmarks.questionId, questionId));
  const current = await db.select({ userId: bookmarks.userId }).from(bookmarks).where(where);
  const want = bookmarked ?? current.length === 0;
  if (want) await db.insert(bookmarks).values({ userId: user.id, questionId }).onConflictDoNothing();
  else await db.delete(bookmarks).where(where);
  return { bookmarked: want };
}

export async function createReply(
  db: Database,
  user: SessionUser,
  locale: Locale,
  questionId: string,
  content: string,
  limits: Config['postingLimits'],
): Promise<QuestionDetail> {
  await assertQuestionExists(db, questionId);
  await db.transaction(async (tx) => {
    await enforcePostingLimits(tx, user, 'reply', limits);
    await tx.insert(replies).values({ questionId, authorId: user.id, content });
    await tx
      .update(questions)
      .set({ replyCount: sql`${questions.replyCount} + 1` })
      .where(eq(questions.id, questionId));
  });
  clearCaches(db);
  return getQuestion(db, user, locale, questionId);
}

export async function deleteQuestion(db: Database, user: SessionUser, id: string): Promise<void> {
  const [row] = await db.select({ authorId: questions.authorId }).from(questions).where(eq(questions.id, id));
  if (!row) throw errors.notFound();
  if (row.authorId !== user.id && user.role !== 'admin') throw errors.forbidden();
  await db.delete(questions).where(eq(questions.id, id));
  clearCaches(db);
}

export async function deleteReply(db: Database, user: SessionUser, id: string): Promise<void> {
  const [row] = await db
    .select({ authorId: replies.authorId, questionId: replies.questionId })
    .from(replies)
    .where(eq(replies.id, id));
  if (!row) throw errors.notFound();
  if (row.authorId !== user.id && user.role !== 'admin') throw errors.forbidden();
  await db.transaction(async (tx) => {
    // Two deletes at once: only the one that removed the row moves the count.
    const deleted = await tx.delete(replies).where(eq(replies.id, id)).returning({ id: replies.id });
    if (deleted.length === 0) return;
    await tx
      .update(questions)
      .set({ replyCount: sql`${questions.replyCount} - 1` })
      .where(eq(questions.id, row.questionId));
  });
  clearCaches(db);
}

export async function report(
  db: Database,
  user: SessionUser,
  target: { questionId: string } | { replyId: string },
  input: { reason: (typeof reports.$inferInsert)['reason']; details?: string },
): Promise<void> {
  if ('questionId' in target) await assertQuestionExists(db, target.questionId);
  else {
    const [reply] = await db.select({ id: replies.id }).from(replies).where(eq(replies.id, target.replyId));
    if (!reply) throw errors.notFound();
  }
  const inserted = await db
    .insert(reports)
    .values({ reporterId: user.id, ...target, reason: input.reason, details: input.details ?? null })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (inserted.length === 0) throw new AppError(409, 'ALREADY_REPORTED', 'errors.alreadyReported');
}

/** The viewer's own questions, or the ones they saved. */
export async function profileQuestions(
  db: Database,
  viewer: SessionUser,
  locale: Locale,
  which: 'mine' | 'saved',
): Promise<Question[]> {
  const filter =
    which === 'mine'
      ? sql`where q.author_id = ${viewer.id}`
      : sql`join bookmarks b on b.question_id = q.id and b.user_id = ${viewer.id}`;
  const result = await db.execute<QuestionRow>(
    which === 'mine'
      ? sql`${SELECT_QUESTION} ${filter} order by q.created_at desc limit 100`
      : sql`${SELECT_QUESTION} ${filter} order by b.created_at desc limit 100`,
  );
  const flags = await viewerFlags(
    db,
    viewer,
    result.rows.map((row) => row.id),
  );
  return result.rows.map((row) => shapeQuestion(row, viewer, locale, flags(row.id)));
}
