import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';

/**
 * A mentor chat between one student and one mentor. `lastSeq` is the number of the newest message: a new message
 * takes the next one under the row's lock, so numbers have no gaps and a client can catch up with `after=`.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    status: text('status', { enum: ['active', 'closed'] })
      .notNull()
      .default('active'),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mentorId: uuid('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeq: integer('last_seq').notNull().default(0),
    /** Why it closed: the mentor stopped mentoring, or never replied within the days a new conversation waits. */
    closedReason: text('closed_reason', { enum: ['mentor-left', 'no-reply'] }),
    /** When its mentor was reminded that the student waits for a first reply. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** When the mentor first wrote in it: how long students wait for a mentor, on the mentor's card. */
    firstReplyAt: timestamp('first_reply_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('conversations_status_check', sql`${t.status} in ('active', 'closed')`),
    check('conversations_two_people_check', sql`${t.studentId} <> ${t.mentorId}`),
    check('conversations_closed_reason_check', sql`${t.closedReason} in ('mentor-left', 'no-reply')`),
    // The conversations still waiting for their mentor's first reply, for the reminder and the release.
    index('conversations_unanswered_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'active' and ${t.firstReplyAt} is null`),
    index('conversations_student_idx').on(t.studentId, t.status, t.createdAt),
    index('conversations_mentor_idx').on(t.mentorId),
  ],
);

/** Who takes part in a conversation (its student and its mentor), and how far each has read. */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadSeq: integer('last_read_seq').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_participants_user_idx').on(t.userId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    seq: integer('seq').notNull(),
    /** The sender's own id for the message: a resend with it returns the first message, however late. */
    clientId: text('client_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('messages_conversation_seq_idx').on(t.conversationId, t.seq),
    uniqueIndex('messages_sender_client_idx')
      .on(t.senderId, t.clientId)
      .where(sql`${t.clientId} is not null`),
    // What one person sent, for their export and their account's deletion.
    index('messages_sender_idx').on(t.senderId),
  ],
);

/** A student has blocked a mentor: no new conversations or messages between them, either way. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

/**
 * The student's answer to "Was this conversation helpful?" once a conversation is closed: one per conversation,
 * private, shown only to admins on the mentor's row.
 */
export const conversationFeedback = pgTable('conversation_feedback', {
  conversationId: uuid('conversation_id')
    .primaryKey()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  helpful: boolean('helpful').notNull(),
  note: text('note'),
  createdAt: createdAt(),
});
