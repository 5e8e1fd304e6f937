import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  primaryKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  bigserial,
  doublePrecision,
  jsonb,
} from 'drizzle-orm/pg-core';
import type { KnowledgeArticle } from '../../shared/schemas/knowledge';
import type { GovernmentService, Organisation } from '../../shared/schemas/resources';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

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
    /**
     * English stemming for English text, 'simple' for Vietnamese and everything else. mentorme_tags_text is
     * an immutable array_to_string, created by migration 0001 (generated columns need immutable functions).
     */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B') || to_tsvector('simple', title || ' ' || content || ' ' || mentorme_tags_text(tags))`,
      ),
  },
  (t) => [
    index('questions_created_idx').on(t.createdAt, t.id),
    index('questions_author_idx').on(t.authorId),
    index('questions_category_created_idx').on(t.categoryId, t.createdAt),
    index('questions_urgent_idx')
      .on(t.createdAt)
      .where(sql`${t.isUrgent}`),
    index('questions_search_idx').using('gin', t.search),
    index('questions_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    check('questions_counts_check', sql`${t.upvotes} >= 0 and ${t.replyCount} >= 0`),
  ],
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
    /** Chloe replies to a question at most once, however often her job runs. */
    uniqueIndex('replies_one_ai_reply_idx')
      .on(t.questionId)
      .where(sql`${t.isAiReply}`),
  ],
);

/** A reader's mark on a question (a like, a bookmark): one row per user and question, so toggles are idempotent. */
function userQuestionMarks<Name extends string>(name: Name) {
  return pgTable(
    name,
    {
      userId: uuid('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      questionId: uuid('question_id')
        .notNull()
        .references(() => questions.id, { onDelete: 'cascade' }),
      createdAt: createdAt(),
    },
    (t) => [
      primaryKey({ columns: [t.userId, t.questionId] }),
      index(`${name}_question_idx`).on(t.questionId),
    ],
  );
}

export const likes = userQuestionMarks('likes');
export const bookmarks = userQuestionMarks('bookmarks');

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    replyId: uuid('reply_id').references(() => replies.id, { onDelete: 'cascade' }),
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
    check('reports_one_target_check', sql`(${t.questionId} is null) <> (${t.replyId} is null)`),
    uniqueIndex('reports_open_question_idx')
      .on(t.reporterId, t.questionId)
      .where(sql`${t.status} = 'open' and ${t.questionId} is not null`),
    uniqueIndex('reports_open_reply_idx')
      .on(t.reporterId, t.replyId)
      .where(sql`${t.status} = 'open' and ${t.replyId} is not null`),
    index('reports_status_idx').on(t.status, t.createdAt),
  ],
);

/** A question's recorded voice note: at most one, up to 3 MB, its type sniffed from the bytes. */
export const voiceNotes = pgTable('voice_notes', {
  questionId: uuid('question_id')
    .primaryKey()
    .references(() => questions.id, { onDelete: 'cascade' }),
  mimeType: text('mime_type').notNull(),
  data: bytea('data').notNull(),
  byteLength: integer('byte_length').notNull(),
  createdAt: createdAt(),
});

/**
 * Government and government-funded services from content/government, synced at start (content is the source of
 * truth; rows it no longer has are removed). English stemming for English text, 'simple' for Vietnamese; the
 * trigram column lets "medicre" still find Medicare.
 */
export const governmentServices = pgTable(
  'government_services',
  {
    id: text('id').primaryKey(),
    category: text('category').notNull(),
    /** A state or territory code, or 'national'. */
    state: text('state').notNull(),
    city: text('city'),
    titleEn: text('title_en').notNull(),
    titleVi: text('title_vi').notNull(),
    department: text('department').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionVi: text('description_vi').notNull(),
    data: jsonb('data').$type<GovernmentService>().notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title_en), 'A') || setweight(to_tsvector('simple', title_vi), 'A') || setweight(to_tsvector('english', department), 'B') || setweight(to_tsvector('english', description_en), 'C') || setweight(to_tsvector('simple', description_vi), 'C')`,
      ),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`title_en || ' ' || department || ' ' || title_vi`),
  },
  (t) => [
    index('government_services_search_idx').using('gin', t.search),
    index('government_services_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Local organisations from content/resources, synced at start; coordinates are their postcode locality's. */
export const organisations = pgTable(
  'organisations',
  {
    id: text('id').primaryKey(),
    category: text('category').notNull(),
    state: text('state').notNull(),
    postcode: text('postcode').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    data: jsonb('data').$type<Organisation>().notNull(),
  },
  (t) => [index('organisations_state_idx').on(t.state)],
);

/** A notice an admin sets on an official online service ("ImmiAccount maintenance on Saturday"). */
export const serviceNotices = pgTable('service_notices', {
  serviceId: text('service_id').primaryKey(),
  note: text('note').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Chloe's knowledge base from content/knowledge, synced at start. `search` is computed when the article is
 * written: English stemming for the English text, and 'simple' on text without diacritics for Vietnamese (people
 * often type Vietnamese without them). `keywords` are lower-cased and without diacritics, for trigram matching.
 */
export const knowledgeArticles = pgTable(
  'knowledge_articles',
  {
    id: text('id').primaryKey(),
    data: jsonb('data').$type<KnowledgeArticle>().notNull(),
    keywords: text('keywords').array().notNull(),
    search: tsvector('search').notNull(),
  },
  (t) => [index('knowledge_articles_search_idx').using('gin', t.search)],
);

/**
 * Chloe's reply to a new question, as a durable job: one per question, retried with backoff, claimed with a lease
 * so a crashed worker's job is picked up again. Urgent questions first.
 */
export const aiReplyJobs = pgTable(
  'ai_reply_jobs',
  {
    questionId: uuid('question_id')
      .primaryKey()
      .references(() => questions.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    urgent: boolean('urgent').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_reply_jobs_due_idx').on(t.status, t.urgent, t.runAfter)],
);
