import { BADGE_ROLE } from '../../db/schema';
import { sql } from 'drizzle-orm';
import type { Locale, Role } from '../../../shared/constants';
import type { QuestionDetail } from '../../../shared/schemas/questions';
import type { Database } from '../../db/client';
import { errors } from '../../errors';
import { iso } from '../../lib/text';
import { perDatabaseCache } from '../../lib/ttl-cache';
import { claimFor, storedClaim, type StoredClaim } from './claims';
import {
  SELECT_QUESTION,
  shapeQuestion,
  viewerFlags,
  visibleAuthor,
  type QuestionRow,
  type Viewer,
} from './question-shape';

type ReplyRow = {
  id: string;
  content: string;
  language: Locale;
  is_ai_reply: boolean;
  created_at: Date | string;
  author_id: string | null;
  display_name: string | null;
  role: Role | null;
  helpful: boolean;
};
/** `claim` as stored, expired or not: each reader's clock judges it. */
type RawDetail = { row: QuestionRow; replies: ReplyRow[]; claim: StoredClaim | null };

/** The question pages, as read from the database. */
const detailCache = perDatabaseCache<RawDetail>(5_000, 2_000);

async function readDetail(db: Database, id: string): Promise<RawDetail> {
  const [question, replyRows, claim] = await Promise.all([
    db.execute<QuestionRow>(sql`${SELECT_QUESTION} where q.id = ${id}`),
    db.execute<ReplyRow>(sql`
      select r.id, r.content, r.language, r.is_ai_reply, r.created_at, r.author_id, u.display_name, ${BADGE_ROLE} as role,
        r.helpful_at is not null as helpful
      from replies r left join users u on u.id = r.author_id
      where r.question_id = ${id}
      order by r.is_ai_reply desc, r.created_at asc, r.id asc`),
    storedClaim(db, id),
  ]);
  const row = question.rows[0];
  if (!row) throw errors.notFound();
  return { row, replies: replyRows.rows, claim };
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
    language: reply.language,
    isAiReply: reply.is_ai_reply,
    createdAt: iso(reply.created_at),
    helpful: reply.helpful,
    author:
      reply.display_name && reply.role
        ? visibleAuthor(hidden, viewer, { displayName: reply.display_name, role: reply.role })
        : null,
  };
}

/**
 * The question with all its replies: Chloe's first, then the others oldest first; and its claim as at `now`.
 */
export async function getQuestion(
  db: Database,
  viewer: Viewer,
  locale: Locale,
  id: string,
  now = new Date(),
): Promise<QuestionDetail> {
  const { row, replies: replyRows, claim } = await questionDetail(db, id);
  const flags = await viewerFlags(db, viewer, [id]);
  return {
    ...shapeQuestion(row, viewer, locale, flags(id), true),
    replies: replyRows.map((reply) => ({
      ...shapeReply(reply, row, viewer),
      isOwn: viewer !== null && viewer.id === reply.author_id,
    })),
    claim: claimFor(claim, viewer?.id ?? null, now),
  };
}
