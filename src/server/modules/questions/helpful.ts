import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { questions, replies } from '../../db/schema';
import { errors } from '../../errors';
import type { SessionUser } from '../../plugins/auth';
import { publishQuestionsChanged } from './cache';

/**
 * The asker marks a reply to their question "This helped", or takes the mark back (`helpful` absent: a toggle).
 * Only the asker may, and not on their own reply; Chloe's replies count too. The question's count moves in the
 * same transaction, only when the mark does.
 */
export async function setHelpful(
  db: Database,
  user: SessionUser,
  questionId: string,
  replyId: string,
  helpful?: boolean,
): Promise<{ helpful: boolean; helpfulCount: number }> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ askerId: questions.authorId, authorId: replies.authorId, helpfulAt: replies.helpfulAt })
      .from(replies)
      .innerJoin(questions, eq(questions.id, replies.questionId))
      .where(and(eq(replies.id, replyId), eq(replies.questionId, questionId)))
      .for('update', { of: replies });
    if (!row) throw errors.notFound();
    if (row.askerId !== user.id) throw errors.askerOnly();
    if (row.authorId === user.id) throw errors.ownReply();
    const want = helpful ?? row.helpfulAt === null;
    const moved = await tx
      .update(replies)
      .set({ helpfulAt: want ? new Date() : null })
      .where(and(eq(replies.id, replyId), want ? isNull(replies.helpfulAt) : isNotNull(replies.helpfulAt)))
      .returning({ id: replies.id });
    const [question] = await tx
      .update(questions)
      .set({ helpfulCount: sql`${questions.helpfulCount} + ${moved.length === 0 ? 0 : want ? 1 : -1}` })
      .where(eq(questions.id, questionId))
      .returning({ helpfulCount: questions.helpfulCount });
    if (moved.length > 0) await publishQuestionsChanged(tx);
    return { helpful: want, helpfulCount: question!.helpfulCount };
  });
  return { helpful: result.helpful, helpfulCount: result.helpfulCount };
}
