import type { ReportTargetType } from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import { reports } from '../../db/schema';
import { errors } from '../../errors';
import { notifyAdminsOfReport } from '../notifications/notify';

export type ReportTarget =
  { questionId: string } | { replyId: string } | { conversationId: string } | { messageId: string };

/**
 * Files a report for the admins' one queue (questions, replies, chats and chat messages alike; the admin dashboard
 * reads it): one open report per person and target, a second is 409. The caller has checked that the person may see
 * the target. The admins' bells hear of it with the report.
 */
export async function fileReport(
  db: Database,
  reporterId: string,
  target: ReportTarget,
  input: { reason: (typeof reports.$inferInsert)['reason']; details?: string },
): Promise<void> {
  const [targetType, targetId] = targetOf(target);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(reports)
      .values({
        reporterId,
        ...target,
        targetType,
        targetId,
        reason: input.reason,
        details: input.details ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (inserted.length === 0) throw errors.alreadyReported();
    await notifyAdminsOfReport(tx, reporterId);
  });
}

function targetOf(target: ReportTarget): [ReportTargetType, string] {
  if ('questionId' in target) return ['question', target.questionId];
  if ('replyId' in target) return ['reply', target.replyId];
  if ('conversationId' in target) return ['conversation', target.conversationId];
  return ['message', target.messageId];
}
