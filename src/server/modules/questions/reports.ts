import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { replies, reports } from '../../db/schema';
import { errors } from '../../errors';
import type { SessionUser } from '../../plugins/auth';
import { assertQuestionExists } from './questions';

/** A report on a question or a reply: one open report per reader and target. */
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
  if (inserted.length === 0) throw errors.alreadyReported();
}
