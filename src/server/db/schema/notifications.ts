import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { NOTIFICATION_TYPES } from '../../../shared/schemas/notifications';
import { sessions, users } from './accounts';
import { conversations } from './chat';
import { questions, replies } from './questions';
import { createdAt } from './columns';

const typeList = sql.raw(NOTIFICATION_TYPES.map((type) => `'${type}'`).join(', '));

/**
 * One thing a person is told about, written in the transaction of the event. `eventKey` makes it exactly once per
 * person and event (`reply:<id>`, `conversation:<id>`, …). Its question, reply or conversation going away deletes it.
 * `emailDueAt` is when the email for it may go (null: no email); `emailedAt` once it went or was folded into one.
 * `count` grows when later events fold into an unread one (a chat's further messages).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    eventKey: text('event_key').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    replyId: uuid('reply_id').references(() => replies.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    /** A moderator's reason (a declined application), or the removed post's title: what the text needs. */
    detail: text('detail'),
    count: integer('count').notNull().default(1),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailDueAt: timestamp('email_due_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_event_idx').on(t.userId, t.eventKey),
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_email_due_idx')
      .on(t.emailDueAt)
      .where(sql`${t.emailedAt} is null and ${t.emailDueAt} is not null`),
    index('notifications_question_idx').on(t.questionId),
    index('notifications_conversation_idx').on(t.conversationId),
    check('notifications_type_check', sql`${t.type} in (${typeList})`),
    check('notifications_count_check', sql`${t.count} >= 1`),
  ],
);

/**
 * A person's choices: for each type, `{ email, push }` (types not named keep their defaults); the daily digest
 * instead of single emails; titles on the lock screen.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  types: jsonb('types').$type<Record<string, { email?: boolean; push?: boolean }>>().notNull().default({}),
  emailDigest: boolean('email_digest').notNull().default(false),
  pushShowsTitles: boolean('push_shows_titles').notNull().default(false),
  /** When the last daily digest went. */
  digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
  /** A mentor's daily email of the questions waiting in their topics and languages, and when it last went. */
  waitingEmail: boolean('waiting_email').notNull().default(false),
  waitingSentAt: timestamp('waiting_sent_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A browser's Web Push subscription, made in one session: signing out there (or any end of that session) deletes it,
 * so a shared phone shows nothing of a person who left it. Also deleted when the push service says it is gone (404
 * or 410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    // A session's end deletes its subscriptions: found by this index, not by reading the table.
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/** Values the app makes once and every instance shares (the VAPID keys when none are configured, link secrets). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});
