import { sql, type SQL } from 'drizzle-orm';
import type { Locale, Role } from '../../../shared/constants';
import { categoryTexts } from '../../../shared/categories';
import type { Question } from '../../../shared/schemas/questions';
import { markdownText } from '../../../shared/markdown-text';
import { excerpt } from '../../../shared/text';
import type { Database } from '../../db/client';
import { BADGE_ROLE } from '../../db/schema';
import { hanPairs, iso } from '../../lib/text';
import type { SessionUser } from '../../plugins/auth';
import { marksCache } from './viewer-marks';

/** Who is reading: a signed-in member, or a visitor. */
export type Viewer = SessionUser | null;

/** A question as read from the database, before it is shaped for one reader. */
export type QuestionRow = {
  id: string;
  title: string;
  content: string;
  language: Locale;
  tags: string[];
  is_urgent: boolean;
  is_anonymous: boolean;
  upvotes: number;
  reply_count: number;
  helpful_count: number;
  created_at: Date | string;
  /** created_at to the microsecond (JavaScript dates stop at milliseconds), for the latest-first cursor. */
  created_at_exact: string;
  author_id: string;
  display_name: string;
  role: Role;
  category_slug: string | null;
  has_voice_note: boolean;
  ai_reply: string | null;
};

/**
 * Lists carry the start of Chloe's answer as plain text (cards show two lines of it; the question page reads the
 * replies whole): its first characters, enough for the excerpt's words once the Markdown's marks are gone.
 */
const AI_REPLY_EXCERPT_CHARS = 300;
const AI_REPLY_READ_CHARS = AI_REPLY_EXCERPT_CHARS * 4;

/** Reads `QuestionRow`s (alias `q`); callers add their filter, order and limit. */
export const SELECT_QUESTION = sql`
  select q.id, q.title, q.content, q.language, q.tags, q.is_urgent, q.is_anonymous, q.upvotes, q.reply_count, q.helpful_count, q.created_at,
    to_char(q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at_exact,
    q.author_id, u.display_name, ${BADGE_ROLE} as role, c.slug as category_slug,
    exists (select 1 from voice_notes v where v.question_id = q.id) as has_voice_note,
    (select left(r.content, ${AI_REPLY_READ_CHARS}) from replies r where r.question_id = q.id and r.is_ai_reply
      order by r.created_at limit 1) as ai_reply
  from questions q
  join users u on u.id = q.author_id
  left join categories c on c.id = q.category_id`;

/**
 * Replies (alias `r`) to question `q` that answer it as a person: not Chloe's, and not the asker's own. Without one
 * a question is unanswered (the admin's stats and filter, the newsletter).
 */
export const HUMAN_ANSWER = sql`r.question_id = q.id and not r.is_ai_reply and r.author_id <> q.author_id`;

/** Question `q` has no reply from a person yet (`answered_at` is kept by the replies' triggers, migration 0026). */
export const UNANSWERED = sql`q.answered_at is null`;

/**
 * Questions (alias `q`) matching a search, in English, in any language word for word, in Chinese by every pair of
 * its characters, or by a title like it.
 */
export function questionSearch(q: string) {
  const pairs = hanPairs(q);
  const chinese = pairs.length ? sql`or q.search @@ to_tsquery('simple', ${pairs.join(' & ')})` : sql``;
  return sql`(q.search @@ websearch_to_tsquery('english', ${q})
  or q.search @@ websearch_to_tsquery('simple', ${q})
  ${chinese}
  or ${q} <% q.title)`;
}

/** A list of texts as one PostgreSQL text[] parameter. */
export const textArray = (list: string[]) =>
  sql`${`{${list.map((item) => JSON.stringify(item)).join(',')}}`}::text[]`;

/** `where` and the conditions joined by `and`; nothing without any. */
export const whereAll = (list: SQL[]) => (list.length ? sql`where ${sql.join(list, sql` and `)}` : sql``);

/** Anonymous questions show no author to anyone but admins. */
export function visibleAuthor(
  isAnonymous: boolean,
  viewer: Viewer,
  author: { displayName: string; role: Role },
) {
  return isAnonymous && viewer?.role !== 'admin' ? null : author;
}

/** Lists carry the start of each question (cards show three lines); the question page has all of it. */
const EXCERPT_CHARS = 400;

export function shapeQuestion(
  row: QuestionRow,
  viewer: Viewer,
  locale: Locale,
  flags: ViewerFlags,
  full = false,
): Question {
  return {
    id: row.id,
    title: row.title,
    content: full ? row.content : excerpt(row.content, EXCERPT_CHARS),
    language: row.language,
    category: (row.category_slug && categoryTexts(row.category_slug, locale)?.name) ?? null,
    categorySlug: row.category_slug,
    tags: row.tags,
    isUrgent: row.is_urgent,
    isAnonymous: row.is_anonymous,
    upvotes: row.upvotes,
    replyCount: row.reply_count,
    helpfulCount: row.helpful_count,
    createdAt: iso(row.created_at),
    author: visibleAuthor(row.is_anonymous, viewer, { displayName: row.display_name, role: row.role }),
    // The question page puts its replies in whole (question-detail.ts): the excerpt is for lists only.
    replies:
      full || row.ai_reply === null
        ? []
        : [{ content: excerpt(markdownText(row.ai_reply), AI_REPLY_EXCERPT_CHARS), isAiReply: true }],
    hasVoiceNote: row.has_voice_note,
    liked: flags.liked,
    bookmarked: flags.bookmarked,
    followed: flags.followed,
    isOwn: viewer?.id === row.author_id,
  };
}

/** What the viewer did to a question: liked it, bookmarked it, follows it. */
export type ViewerFlags = { liked: boolean; bookmarked: boolean; followed: boolean };

/**
 * Which of these questions the viewer liked, bookmarked and follows: from the marks this instance keeps of them, or
 * one round trip of indexed look-ups over the page's ids.
 */
export async function viewerFlags(db: Database, viewer: Viewer, ids: string[]) {
  const kept = viewer && ids.length > 0 ? await marksCache(db)?.get(viewer.id) : undefined;
  if (kept)
    return (id: string): ViewerFlags => ({
      liked: kept.liked.has(id),
      bookmarked: kept.bookmarked.has(id),
      followed: kept.followed.has(id),
    });
  const marks = new Map<string, Set<string>>();
  if (viewer && ids.length > 0) {
    const idList = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const mine = sql`user_id = ${viewer.id} and question_id in (${idList})`;
    const rows = await db.execute<{ mark: keyof ViewerFlags; question_id: string }>(sql`
      select 'liked' as mark, question_id from likes where ${mine}
      union all select 'bookmarked', question_id from bookmarks where ${mine}
      union all select 'followed', question_id from question_follows where ${mine}`);
    for (const row of rows.rows) {
      let set = marks.get(row.question_id);
      if (!set) marks.set(row.question_id, (set = new Set()));
      set.add(row.mark);
    }
  }
  return (id: string): ViewerFlags => {
    const set = marks.get(id);
    return {
      liked: !!set?.has('liked'),
      bookmarked: !!set?.has('bookmarked'),
      followed: !!set?.has('followed'),
    };
  };
}
