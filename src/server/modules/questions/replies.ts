import { eq, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants';
import type { QuestionDetail } from '../../../shared/schemas/questions';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { questions, replies } from '../../db/schema';
import { errors } from '../../errors';
import type { SessionUser } from '../../plugins/auth';
import { clearCaches } from './cache';
import { getQuestion } from './feed';
import { enforcePostingLimits, type Transaction } from './posting-limits';
import { assertQuestionExists } from './questions';

/** The question's reply count moves in the same transaction as the reply itself. */
function moveReplyCount(tx: Transaction, questionId: string, by: 1 | -1) {
  return tx
    .update(questions)
    .set({ replyCount: sql`${questions.replyCount} + ${by}` })
    .where(eq(questions.id, questionId));
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
    await moveReplyCount(tx, questionId, 1);
  });
  clearCaches(db);
  return getQuestion(db, user, locale, questionId);
}

/**
 * Chloe's reply to a question, written by her reply worker. A unique index keeps it to one per question: a job
 * that runs twice adds nothing, and counts nothing, the second time.
 */
export async function addAiReply(db: Database, questionId: string, content: string): Promise<void> {
  const inserted = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(replies)
      .values({ questionId, authorId: null, content, isAiReply: true })
      .onConflictDoNothing()
      .returning({ id: replies.id });
    if (rows.length) await moveReplyCount(tx, questionId, 1);
    return rows.length > 0;
  });
  if (inserted) clearCaches(db);
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
    await moveReplyCount(tx, row.questionId, -1);
  });
  clearCaches(db);
}
