import { sql } from 'drizzle-orm';
import type { ReportTargetType } from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import { reports } from '../../db/schema';
import { errors } from '../../errors';
import type { SessionUser } from '../../plugins/auth';
import { notifyAdminsOfReport } from '../notifications';
import { describe } from './snapshot';

export type ReportTarget =
  { questionId: string } | { replyId: string } | { conversationId: string } | { messageId: string };

/**
 * Files a report for the admins' one queue (questions, replies, chats and chat messages alike; the admin dashboard
 * reads it): one open report per person and target, a second is 409. The caller has checked that the person may see
 * the target. The admins' bells hear of it with the report. The report keeps what the item said when it was filed,
 * so it outlives the item (its author may delete their account: the reference is then set to null).
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
        snapshot: await describe(tx, targetType, targetId, new Date()),
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

/**
 * An admin deletes a question (with its replies) or a reply outside the report queue, in the caller's transaction and
 * before the deletion: its open reports are resolved by them, and keep what they reported.
 */
export async function resolveReportsOn(
  tx: Pick<Database, 'execute'>,
  admin: SessionUser,
  target: { questionId: string } | { replyId: string },
): Promise<void> {
  const on =
    'questionId' in target
      ? sql`(question_id = ${target.questionId}
          or reply_id in (select id from replies where question_id = ${target.questionId}))`
      : sql`reply_id = ${target.replyId}`;
  await tx.execute(sql`update reports set status = 'resolved', resolved_by = ${admin.id}, resolved_at = now()
    where status = 'open' and ${on}`);
}
