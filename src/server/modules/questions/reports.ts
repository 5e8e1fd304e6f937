import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { reports } from '../../db/schema';
import { replies } from '../../db/schema';
import { fileReport } from '../reports';
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
  await fileReport(db, user.id, target, input);
}
