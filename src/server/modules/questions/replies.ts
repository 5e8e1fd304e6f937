import { eq, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants';
import type { QuestionDetail } from '../../../shared/schemas/questions';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { questions, replies } from '../../db/schema';
import { errors } from '../../errors';
import type { SessionUser } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { announceGone, notifyRemoved, notifyReplied } from '../notifications';
import { publishQuestionsChanged } from './cache';
import { replyPosted } from './events';
import { resolveReportsOn } from '../reports';
import { messageLocale } from '../../lib/text';
import { getQuestion } from './question-detail';
import { enforcePostingLimits } from './posting-limits';
import { assertQuestionExists, followQuestion } from './questions';
import { releaseClaimIn } from './claims';
import { marksChanged } from './viewer-marks';

/** The question's reply count moves in the same transaction as the reply itself. */
function moveReplyCount(tx: Transaction, questionId: string, by: 1 | -1) {
  return tx
    .update(questions)
    .set({ replyCount: sql`${questions.replyCount} + ${by}` })
    .where(eq(questions.id, questionId));
}

/** A new reply's followers are told, and its question's readers hear of it, once it commits. */
async function replyWritten(
  tx: Transaction,
  questionId: string,
  replyId: string,
  replierId: string | null,
  emailDelaySeconds?: number,
) {
  await notifyReplied(tx, { questionId, replyId, replierId }, emailDelaySeconds);
  await replyPosted.publish(tx, { q: questionId, r: replyId });
}

export async function createReply(
  db: Database,
  user: SessionUser,
  locale: Locale,
  questionId: string,
  content: string,
  config: Pick<Config, 'postingLimits' | 'notifications'>,
): Promise<QuestionDetail> {
  await assertQuestionExists(db, questionId);
  await db.transaction(async (tx) => {
    await enforcePostingLimits(tx, user, 'reply', config.postingLimits);
    const [reply] = await tx
      .insert(replies)
      .values({ questionId, authorId: user.id, content, language: messageLocale(content, locale) })
      .returning({ id: replies.id });
    await moveReplyCount(tx, questionId, 1);
    // Replying follows the question (a replier is never told of their own reply), and ends their claim on it.
    await followQuestion(tx, user.id, questionId);
    await releaseClaimIn(tx, user.id, questionId);
    await replyWritten(tx, questionId, reply!.id, user.id, config.notifications.replyEmailDelaySeconds);
  });
  marksChanged(db, user.id);
  return getQuestion(db, user, locale, questionId);
}

/**
 * Chloe's reply to a question, written by her reply worker. A unique index keeps it to one per question: a job
 * that runs twice adds nothing, and counts nothing, the second time.
 */
export async function addAiReply(db: Database, questionId: string, content: string): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(replies)
      .values({
        questionId,
        authorId: null,
        content,
        language: messageLocale(content, 'en'),
        isAiReply: true,
      })
      .onConflictDoNothing()
      .returning({ id: replies.id });
    const [reply] = rows;
    if (reply) {
      await moveReplyCount(tx, questionId, 1);
      await replyWritten(tx, questionId, reply.id, null);
    }
  });
}

/** Its author may delete a reply; an admin may delete any, on the record. */
export async function deleteReply(db: Database, user: SessionUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ authorId: replies.authorId, content: replies.content })
      .from(replies)
      .where(eq(replies.id, id))
      .for('update');
    if (!row) throw errors.notFound();
    if (row.authorId !== user.id && user.role !== 'admin') throw errors.forbidden();
    if (user.role === 'admin') await resolveReportsOn(tx, user, { replyId: id });
    await removeReply(tx, id);
    if (user.role === 'admin') {
      await notifyRemoved(tx, {
        kind: 'reply',
        id,
        authorId: row.authorId,
        text: row.content,
        moderatorId: user.id,
      });
      await recordAudit(tx, user, {
        action: 'reply.delete',
        targetType: 'reply',
        targetId: id,
        targetLabel: row.content.slice(0, 200),
      });
    }
  });
}

/**
 * Deletes a reply and moves its question's count, in the caller's transaction; the question caches of every
 * instance empty once it commits.
 * Two deletes at once: only the one that removed the row moves the count.
 */
export async function removeReply(tx: Transaction, id: string): Promise<void> {
  await announceGone(tx, { replyId: id });
  const [deleted] = await tx
    .delete(replies)
    .where(eq(replies.id, id))
    .returning({ questionId: replies.questionId, helpfulAt: replies.helpfulAt });
  if (deleted) await moveReplyCount(tx, deleted.questionId, -1);
  if (deleted?.helpfulAt)
    await tx
      .update(questions)
      .set({ helpfulCount: sql`${questions.helpfulCount} - 1` })
      .where(eq(questions.id, deleted.questionId));
  await publishQuestionsChanged(tx);
}
