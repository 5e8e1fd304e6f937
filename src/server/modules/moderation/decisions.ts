import { and, eq, sql } from 'drizzle-orm';
import {
  ADMIN_LIMITS,
  type AdminReport,
  type AdminReportsResponse,
  type ReportStatus,
  type ReportTargetType,
} from '../../../shared/schemas/admin';
import type { LatestCursor } from '../../../shared/schemas/questions';
import type { Database, Transaction } from '../../db/client';
import { conversations, messages, reports, type ReportSnapshot } from '../../db/schema';
import { describe } from '../reports';
import { errors } from '../../errors';
import type { SessionUser } from '../../plugins/auth';
import { peopleOf, closeConversationIn, publishChatEvent } from '../chat';
import { removeQuestion, removeReply } from '../questions';
import { newestGroupsPage } from '../../db/keyset';
import { iso } from '../../lib/text';
import { recordAudit } from '../audit';
import { notifyRemoved } from '../notifications';

type GroupRow = {
  id: string;
  target_type: ReportTargetType;
  target_id: string;
  status: ReportStatus;
  reasons: AdminReport['reasons'][number]['reason'][];
  details: string[];
  reporter_count: number;
  first_at: Date | string;
  last_at: Date | string;
  snapshot: ReportSnapshot | null;
  /** The item no longer exists: an admin removed it, or its author's account was deleted. */
  gone: boolean;
};

/**
 * The queue: one row per reported item with every report on it in this status, the newest report first. A page
 * starts after the cursor's item (its newest report's time, then that report's id); `total` counts every item.
 */
export async function listReports(
  db: Database,
  status: ReportStatus,
  cursor: LatestCursor | undefined,
): Promise<AdminReportsResponse> {
  const grouped = sql`
    select (array_agg(id order by created_at desc, id))[1] as id, target_type, target_id, status,
      array_agg(reason order by created_at desc) as reasons,
      coalesce(array_agg(details order by created_at desc) filter (where details is not null), '{}') as details,
      count(distinct reporter_id)::int as reporter_count, min(created_at) as first_at, max(created_at) as last_at,
      (array_agg(snapshot order by created_at desc) filter (where snapshot is not null))[1] as snapshot,
      bool_and(num_nonnulls(question_id, reply_id, conversation_id, message_id) = 0) as gone
    from reports where status = ${status}
    group by target_type, target_id, status`;
  const [{ page, nextCursor }, total] = await Promise.all([
    newestGroupsPage<GroupRow>(db, grouped, cursor, ADMIN_LIMITS.pageSize),
    db.execute<{ n: number }>(sql`
      select count(distinct (target_type, target_id))::int as n from reports where status = ${status}`),
  ]);
  const items = await Promise.all(
    page.map(async (group): Promise<AdminReport> => {
      const lastAt = new Date(group.last_at);
      // What the item says now while it exists; what it said when last reported (or removed) once it is gone.
      const content = group.gone
        ? group.snapshot
        : ((await describe(db, group.target_type, group.target_id, lastAt)) ?? group.snapshot);
      const counts = new Map<GroupRow['reasons'][number], number>();
      for (const reason of group.reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
      return {
        id: group.id,
        targetType: group.target_type,
        status: group.status,
        reasons: [...counts].map(([reason, count]) => ({ reason, count })),
        details: group.details,
        reporterCount: group.reporter_count,
        firstReportedAt: iso(group.first_at),
        lastReportedAt: iso(lastAt),
        content: {
          title: content?.title ?? null,
          text: content?.text ?? '',
          author: content?.author ?? null,
          createdAt: content?.createdAt ?? null,
        },
        link: group.gone || group.target_type === 'conversation' ? null : (content?.link ?? null),
        context: content?.context ?? [],
        removed: group.gone,
      };
    }),
  );
  return { reports: items, nextCursor, total: total.rows[0]?.n ?? 0 };
}

/** Deletes (or, for a whole chat, closes) a reported item in the caller's transaction. */
async function removeTarget(tx: Transaction, type: ReportTargetType, id: string): Promise<void> {
  if (type === 'question') await removeQuestion(tx, id);
  else if (type === 'reply') await removeReply(tx, id);
  else if (type === 'message') {
    const [message] = await tx.delete(messages).where(eq(messages.id, id)).returning();
    const [conversation] = message
      ? await tx.select().from(conversations).where(eq(conversations.id, message.conversationId))
      : [];
    if (conversation)
      await publishChatEvent(tx, { t: 'conversation', c: conversation.id, u: peopleOf(conversation) });
  } else await closeConversationIn(tx, id);
}

/**
 * An admin's decision on a reported item, given by any of its open reports' ids (another is 409). Dismiss keeps the
 * content and closes its open reports as dismissed. Remove keeps what it said on every report of it (the queue still
 * shows it), deletes it (a whole chat is closed instead, its history kept for its two people) and resolves its open
 * reports.
 */
export async function decideReport(
  db: Database,
  admin: SessionUser,
  id: string,
  input: { action: 'dismiss' | 'remove'; reason?: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, id));
    if (!report) throw errors.notFound();
    // A report already dealt with never decides a newer one on the same item, which nobody has looked at yet.
    if (report.status !== 'open') throw errors.reportDone();
    const target = and(eq(reports.targetType, report.targetType), eq(reports.targetId, report.targetId));
    const open = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(and(target, eq(reports.status, 'open')))
      .for('update');
    if (open.length === 0) throw errors.reportDone();
    const decided = { resolvedBy: admin.id, resolvedAt: new Date() };
    const content = await describe(tx, report.targetType, report.targetId, new Date());
    if (input.action === 'dismiss') {
      await tx
        .update(reports)
        .set({ status: 'dismissed', ...decided })
        .where(and(target, eq(reports.status, 'open')));
    } else {
      if (content) await tx.update(reports).set({ snapshot: content }).where(target);
      await tx
        .update(reports)
        .set({ status: 'resolved', ...decided })
        .where(and(target, eq(reports.status, 'open')));
      await removeTarget(tx, report.targetType, report.targetId);
      if (content && (report.targetType === 'question' || report.targetType === 'reply')) {
        await notifyRemoved(tx, {
          kind: report.targetType,
          id: report.targetId,
          authorId: content.author?.id ?? null,
          text: (report.targetType === 'question' ? content.title : null) ?? content.text,
          moderatorId: admin.id,
        });
      }
    }
    await recordAudit(tx, admin, {
      action: input.action === 'dismiss' ? 'report.dismiss' : 'report.remove',
      targetType: report.targetType,
      targetId: report.targetId,
      targetLabel: (content?.title ?? content?.text ?? report.targetId).slice(0, 200),
      reason: input.reason,
    });
  });
}
