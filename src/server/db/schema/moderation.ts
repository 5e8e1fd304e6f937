import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REPORT_STATUSES, type AuditAction, type ReportTargetType } from '../../../shared/schemas/admin';
import { REPORT_REASONS } from '../../../shared/schemas/questions';
import { users } from './accounts';
import { conversations, messages } from './chat';
import { questions, replies } from './questions';
import { createdAt } from './columns';

/** What a reported item said when it was reported (and when an admin removed it): reports outlive their items. */
export type ReportSnapshot = {
  title: string | null;
  text: string;
  author: { id: string; displayName: string; role: 'student' | 'mentor' | 'admin' } | null;
  createdAt: string | null;
  link: string | null;
  context: {
    id: string;
    sender: ReportSnapshot['author'];
    content: string;
    createdAt: string;
    reported: boolean;
  }[];
};

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'set null' }),
    replyId: uuid('reply_id').references(() => replies.id, { onDelete: 'set null' }),
    /** A mentor chat, or one message of it (then conversationId is null). */
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    /**
     * The reported item, kept after it is gone (removed by an admin, or with its author's account: its reference
     * above is then null): the queue groups reports by these two.
     */
    targetType: text('target_type').$type<ReportTargetType>().notNull(),
    targetId: uuid('target_id').notNull(),
    snapshot: jsonb('snapshot').$type<ReportSnapshot>(),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // At most one: none once the item is gone. A report filed before reports kept a snapshot may then have none.
    check(
      'reports_one_target_check',
      sql`num_nonnulls(${t.questionId}, ${t.replyId}, ${t.conversationId}, ${t.messageId}) <= 1`,
    ),
    check(
      'reports_target_type_check',
      sql`${t.targetType} in ('question', 'reply', 'conversation', 'message')`,
    ),
    index('reports_target_idx').on(t.targetType, t.targetId, t.status),
    uniqueIndex('reports_open_question_idx')
      .on(t.reporterId, t.questionId)
      .where(sql`${t.status} = 'open' and ${t.questionId} is not null`),
    uniqueIndex('reports_open_reply_idx')
      .on(t.reporterId, t.replyId)
      .where(sql`${t.status} = 'open' and ${t.replyId} is not null`),
    uniqueIndex('reports_open_conversation_idx')
      .on(t.reporterId, t.conversationId)
      .where(sql`${t.status} = 'open' and ${t.conversationId} is not null`),
    uniqueIndex('reports_open_message_idx')
      .on(t.reporterId, t.messageId)
      .where(sql`${t.status} = 'open' and ${t.messageId} is not null`),
    index('reports_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Every admin action, append-only: a trigger (migration 0007) refuses updates, deletes and truncation. The admin is
 * recorded by id, name and e-mail as they were, with no foreign key, so the record outlives their account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: uuid('admin_id'),
    adminName: text('admin_name').notNull(),
    adminEmail: text('admin_email').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    targetLabel: text('target_label').notNull(),
    reason: text('reason'),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);
