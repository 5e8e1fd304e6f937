import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  bigserial,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
    locale: text('locale', { enum: ['en', 'vi'] })
      .notNull()
      .default('en'),
    isDemo: boolean('is_demo').notNull().default(false),
    isFoundingMember: boolean('is_founding_member').notNull().default(false),
    headline: text('headline'),
    story: text('story'),
    countryPath: text('country_path'),
    expertise: text('expertise')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    check('users_role_check', sql`${t.role} in ('student', 'mentor', 'admin')`),
    check('users_locale_check', sql`${t.locale} in ('en', 'vi')`),
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
    createdAt: createdAt(),
  },
  (t) => [index('failed_signins_email_created_idx').on(t.email, t.createdAt)],
);

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameVi: text('name_vi').notNull(),
  descriptionEn: text('description_en').notNull(),
  descriptionVi: text('description_vi').notNull(),
  colour: text('colour').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isUrgent: boolean('is_urgent').notNull().default(false),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    upvotes: integer('upvotes').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('questions_created_idx').on(t.createdAt), index('questions_author_idx').on(t.authorId)],
);

export const replies = pgTable(
  'replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** Null for Chloe's replies. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isAiReply: boolean('is_ai_reply').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('replies_question_idx').on(t.questionId, t.createdAt),
    index('replies_author_idx').on(t.authorId),
  ],
);
