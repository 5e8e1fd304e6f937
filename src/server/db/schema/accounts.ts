import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  bigserial,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { ProfileTranslations } from '../../../shared/schemas/content';
import { createdAt } from './columns';
import { LOCALES } from '../../../shared/languages';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; the unique index on lower(email) keeps it case-insensitive regardless. */
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    role: text('role', { enum: ['student', 'mentor', 'admin'] })
      .notNull()
      .default('student'),
    passwordHash: text('password_hash').notNull(),
    locale: text('locale', { enum: LOCALES }).notNull().default('en'),
    isDemo: boolean('is_demo').notNull().default(false),
    isFoundingMember: boolean('is_founding_member').notNull().default(false),
    headline: text('headline'),
    story: text('story'),
    countryPath: text('country_path'),
    expertise: text('expertise')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The kinds of help a mentor offers: category slugs (shared/categories.ts). */
    topics: text('topics')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Languages a mentor can help in, as codes of MENTOR_LANGUAGES (shared/mentors.ts). */
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Where a mentor lives: an Australian state or territory, and a town. */
    state: text('state'),
    city: text('city'),
    /** A mentor takes no new conversations up to and including this day (Australian Eastern time). */
    awayUntil: date('away_until', { mode: 'string' }),
    /** How many open conversations a mentor takes at once. */
    capacity: integer('capacity').notNull().default(5),
    /** Whether a mentor's card and page say when they were last active ("today", "this week", "this month"). */
    showsLastActive: boolean('shows_last_active').notNull().default(true),
    /** The profile above in another language, for founding members shown on the Founders page to every reader. */
    profileTranslations: jsonb('profile_translations').$type<ProfileTranslations>(),
    /**
     * When and by whom a mentor was verified: only verified mentors are offered to students for chat. Demo mentors
     * and members an admin makes mentors are verified; a person who signs up as a mentor waits for review.
     */
    mentorVerifiedAt: timestamp('mentor_verified_at', { withTimezone: true }),
    mentorVerifiedBy: uuid('mentor_verified_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /** Why an admin declined this person's mentor application, until they have read it. */
    mentorDeclinedReason: text('mentor_declined_reason'),
    /** When the person opened the link sent to their address; demo accounts count as confirmed. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    check('users_role_check', sql`${t.role} in ('student', 'mentor', 'admin')`),
    check(
      'users_locale_check',
      sql`${t.locale} in (${sql.raw(LOCALES.map((code) => `'${code}'`).join(', '))})`,
    ),
    check('users_capacity_check', sql`${t.capacity} between 1 and 10`),
    index('users_verified_mentors_idx')
      .on(t.displayName)
      .where(sql`${t.role} = 'mentor' and ${t.mentorVerifiedAt} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the token, hex. The token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/** Failed sign-ins per account, for the per-account limit; rows older than an hour are pruned. */
export const failedSignins = pgTable(
  'failed_signins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    /** The address the attempt came from: an account locks for that address only, so no one can lock out another. */
    address: text('address').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('failed_signins_email_address_created_idx').on(t.email, t.address, t.createdAt)],
);

/**
 * Rate-limit counters (plugins/rate-limit.ts): one fixed window per key, shared by every app instance. The table is
 * UNLOGGED (migration 0005): counters are not worth a write-ahead log, and a crash only resets them.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * The role a person's badge shows (users alias `u`): a mentor no admin has verified yet shows as a student, so
 * nobody reads a self-declared mentor's words as a verified mentor's.
 */
export const BADGE_ROLE = sql`case when u.role = 'mentor' and u.mentor_verified_at is null then 'student' else u.role end`;
