import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/constants';
import {
  ADMIN_LIMITS,
  type AdminReport,
  type AdminReportsResponse,
  type ReportStatus,
  type ReportTargetType,
} from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import { conversations, messages, questions, reports, type ReportSnapshot } from '../../db/schema';
import { errors } from '../../errors';
import type { SessionUser } from '../../plugins/auth';
import { peopleOf } from '../chat/access';
import { closeConversationIn } from '../chat/conversations';
import { publishChatEvent } from '../chat/events';
import { questionsChanged } from '../questions/cache';
import type { Transaction } from '../questions/posting-limits';
import { iso } from '../questions/question-shape';
import { removeReply } from '../questions/replies';
import { recordAudit } from '../audit/audit';
import { announceGone, notifyRemoved } from '../notifications/notify';

type Executor = Pick<Database, 'execute'>;
type Person = ReportSnapshot['author'];

/** How much of a private chat an admin sees: the reported message and this many before it. */
const CHAT_CONTEXT_BEFORE = 2;

const person = (id: string | null, displayName: string | null, role: Role | null): Person =>
  id && displayName && role ? { id, displayName, role } : null;

type ChatLineRow = {
  id: string;
  content: string;
  created_at: Date | string;
  seq: number;
  sender_id: string | null;
  display_name: string | null;
  role: Role | null;
};

async function chatLines(db: Executor, where: ReturnType<typeof sql>, reportedId: string | null) {
  const result = await db.execute<ChatLineRow>(sql`
    select * from (
      select m.id, m.content, m.created_at, m.seq, m.sender_id, u.display_name, u.role
      from messages m left join users u on u.id = m.sender_id
      where ${where}
      order by m.seq desc limit ${CHAT_CONTEXT_BEFORE + 1}) last
    order by seq`);
  return result.rows.map((row) => ({
    id: row.id,
    sender: person(row.sender_id, row.display_name, row.role),
    content: row.content,
    createdAt: iso(row.created_at),
    reported: row.id === reportedId,
  }));
}

/** What a reported item says now, with who wrote it and where it is; null when it is gone. */
async function describe(
  db: Executor,
  type: ReportTargetType,
  id: string,
  reportedAt: Date,
): Promise<ReportSnapshot | null> {
  type Row = {
    title: string | null;
    text: string;
    created_at: Date | string;
    author_id: string | null;
    display_name: string | null;
    role: Role | null;
    question_id?: string;
    conversation_id?: string;
    seq?: number;
  };
  const query = {
    question: sql`select q.title, q.content as text, q.created_at, q.author_id, u.display_name, u.role, q.id as question_id
      from questions q join users u on u.id = q.author_id where q.id = ${id}`,
    reply: sql`select q.title, r.content as text, r.created_at, r.author_id,
        case when r.is_ai_reply then 'Chloe' else u.display_name end as display_name, u.role, q.id as question_id
      from replies r join questions q on q.id = r.question_id left join users u on u.id = r.author_id where r.id = ${id}`,
    message: sql`select c.title, m.content as text, m.created_at, m.sender_id as author_id, u.display_name, u.role,
        m.conversation_id, m.seq
      from messages m join conversations c on c.id = m.conversation_id left join users u on u.id = m.sender_id
      where m.id = ${id}`,
    conversation: sql`select c.title, c.title as text, c.created_at, c.student_id as author_id, u.display_name, u.role,
        c.id as conversation_id
      from conversations c join users u on u.id = c.student_id where c.id = ${id}`,
  }[type];
  const row = (await db.execute<Row>(query)).rows[0];
  if (!row) return null;
  const context =
    type === 'message'
      ? await chatLines(
          db,
          sql`m.conversation_id = ${row.conversation_id} and m.seq <= ${row.seq} and m.seq >= ${row.seq! - CHAT_CONTEXT_BEFORE}`,
          id,
        )
      : type === 'conversation'
        ? await chatLines(
            db,
            sql`m.conversation_id = ${id} and m.created_at <= ${reportedAt.toISOString()}`,
            null,
          )
        : [];
  return {
    title: row.title,
    text: row.text,
    author: person(row.author_id, row.display_name, row.role),
    createdAt: iso(row.created_at),
    link: row.question_id ? `/questions/${row.question_id}` : null,
    context,
  };
}

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
  total: number;
};

/** The queue: one row per reported item with every report on it in this status, the newest report first. */
export async function listReports(
  db: Database,
  status: ReportStatus,
  page: number,
): Promise<AdminReportsResponse> {
  const pageSize = ADMIN_LIMITS.pageSize;
  const groups = await db.execute<GroupRow>(sql`
    select (array_agg(id order by created_at desc, id))[1] as id, target_type, target_id, status,
      array_agg(reason order by created_at desc) as reasons,
      coalesce(array_agg(details order by created_at desc) filter (where details is not null), '{}') as details,
      count(distinct reporter_id)::int as reporter_count, min(created_at) as first_at, max(created_at) as last_at,
      (array_agg(snapshot) filter (where snapshot is not null))[1] as snapshot,
      (count(*) over ())::int as total
    from reports where status = ${status}
    group by target_type, target_id, status
    order by max(created_at) desc, target_id
    limit ${pageSize} offset ${(page - 1) * pageSize}`);
  const items = await Promise.all(
    groups.rows.map(async (group): Promise<AdminReport> => {
      const lastAt = new Date(group.last_at);
      const current = group.snapshot ? null : await describe(db, group.target_type, group.target_id, lastAt);
      const content = group.snapshot ?? current;
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
        link: group.snapshot || group.target_type === 'conversation' ? null : (content?.link ?? null),
        context: content?.context ?? [],
        removed: group.snapshot !== null && group.target_type !== 'conversation',
      };
    }),
  );
  return { reports: items, total: groups.rows[0]?.total ?? 0, page, pageSize };
}

/** Unhooks reports from an item about to be deleted, so its deletion does not take them along. */
const DETACH = {
  question: { questionId: null },
  reply: { replyId: null },
  message: { messageId: null },
  // A reported chat is closed, not deleted: its reports stay hooked to it.
  conversation: {},
} as const;

/** Deletes (or, for a whole chat, closes) a reported item in the caller's transaction. */
async function removeTarget(tx: Transaction, type: ReportTargetType, id: string): Promise<void> {
  if (type === 'question') {
    await announceGone(tx, { questionId: id });
    await tx.delete(questions).where(eq(questions.id, id));
  } else if (type === 'reply') await removeReply(tx, id);
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
  const type = await db.transaction(async (tx) => {
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
      if (content)
        await tx
          .update(reports)
          .set({ snapshot: content, ...DETACH[report.targetType] })
          .where(target);
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
    return report.targetType;
  });
  if (input.action === 'remove' && (type === 'question' || type === 'reply')) await questionsChanged(db);
}
