import { sql } from 'drizzle-orm';
import {
  bigserial,
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
import { createdAt } from './columns';
import { users } from './accounts';

import { MAIL_KIND_NAMES as MAIL_KINDS } from '../../../shared/schemas/mail';
import { LOCALES } from '../../../shared/languages';

export type MailKind = (typeof MAIL_KINDS)[number];
export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

/**
 * Outgoing email (modules/mail/outbox.ts): a row written in the transaction of what causes it, claimed by one
 * instance (`for update skip locked`) and sent; a failed send waits and is tried again for up to 24 hours. A sent
 * email keeps its kind, address and time; its body, which may carry a link's token, is cleared.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    toAddress: text('to_address').notNull(),
    locale: text('locale', { enum: LOCALES }).notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on notification emails). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** While one instance sends it; after that another may take it (the sender stopped mid-way). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.runAfter)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('mail_outbox_status_idx').on(t.status, t.createdAt),
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);

export const ACCOUNT_TOKEN_PURPOSES = ['reset-password', 'verify-email', 'cancel-email-change'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * The tokens of emailed links: only their SHA-256 is kept. `email` is the address the link was sent to: the one a
 * verify-email link confirms (the account's own, or the new one it changes to), or the address a cancel-email-change
 * link gives back to the account. A used token keeps `usedAt` and is never accepted again.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_idx').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.purpose),
    check(
      'account_tokens_purpose_check',
      sql`${t.purpose} in ('reset-password', 'verify-email', 'cancel-email-change')`,
    ),
  ],
);

/**
 * Password resets asked for and not yet looked at. The request only writes a row, the same for every address; the
 * reset worker (modules/auth/reset-requests.ts) decides later, on its own schedule, whether a link is sent, so no
 * request's time says whether an account exists.
 */
export const passwordResetRequests = pgTable('password_reset_requests', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull(),
  createdAt: createdAt(),
});
