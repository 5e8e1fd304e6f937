import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { conversations, messages } from './chat';
import { questions, replies } from './community';
import { createdAt } from './columns';

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    replyId: uuid('reply_id').references(() => replies.id, { onDelete: 'cascade' }),
    /** A mentor chat, or one message of it (then conversationId is null). */
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    reason: text('reason', {
      enum: ['spam', 'abuse', 'misleading', 'personal-information', 'other'],
    }).notNull(),
    details: text('details'),
    status: text('status', { enum: ['open', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'reports_one_target_check',
      sql`num_nonnulls(${t.questionId}, ${t.replyId}, ${t.conversationId}, ${t.messageId}) = 1`,
    ),
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
