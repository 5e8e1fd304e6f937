import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bytea, createdAt, tsvector } from './columns';

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  // Names are read from shared/categories.ts in the reader's language. These columns are still written for the
  // instances of the previous release during a rolling upgrade, and go with the next release (decision 056).
  nameEn: text('name_en').notNull(),
  nameVi: text('name_vi').notNull(),
  descriptionEn: text('description_en').notNull(),
  descriptionVi: text('description_vi').notNull(),
  colour: text('colour').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * How many questions each category holds (0: none given), kept by triggers on `questions` (migration 0013) in the
 * transaction that adds, deletes or moves one: the feed's topic counts read seven rows, never the whole table.
 */
export const questionCounts = pgTable('question_counts', {
  categoryId: integer('category_id').primaryKey(),
  count: integer('count').notNull(),
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
    /** Replies the asker marked "This helped"; counts in trending with likes and replies. */
    helpfulCount: integer('helpful_count').notNull().default(0),
    /**
     * The language it is written in (lib/text.ts messageLocale), for the mentors who read it and the readers offered
     * a translation; its author may correct it.
     */
    language: text('language').notNull().default('en'),
    /**
     * When a person (not Chloe, not the asker) first replied; null while none has. Kept by triggers on `replies`
     * (migration 0026), whichever way a reply comes or goes (a deleted account takes its replies along).
     */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * English stemming for English text, 'simple' for Vietnamese and everything else, and Chinese, which has no
     * spaces, as its pairs of neighbouring characters too, a Latin word against it apart ("我的TFN": mentorme_han_pairs,
     * migration 0029). mentorme_tags_text is
     * an immutable array_to_string, created by migration 0001 (generated columns need immutable functions).
     */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B') || to_tsvector('simple', title || ' ' || content || ' ' || mentorme_tags_text(tags)) || to_tsvector('simple', mentorme_han_pairs(title || ' ' || content))`,
      ),
  },
  (t) => [
    // Latest-first pages start where the last one ended (created_at, id): the whole feed's, and each topic's.
    index('questions_created_idx').on(t.createdAt, t.id),
    index('questions_author_idx').on(t.authorId),
    index('questions_category_created_id_idx').on(t.categoryId, t.createdAt, t.id),
    // Used by the release before; dropped by the next one, so that no upgrade locks the table to drop it.
    index('questions_category_created_idx').on(t.categoryId, t.createdAt),
    /**
     * Trending ranks the recent questions, and reaches past them only to the few whose likes and replies are
     * enough to outrank them (feed.ts).
     */
    index('questions_engagement_idx').on(sql`(${t.upvotes} + ${t.replyCount} + ${t.helpfulCount})`),
    // The questions waiting for a person's answer, for mentors and the admins: a small part of all of them.
    index('questions_waiting_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.answeredAt} is null`),
    index('questions_urgent_idx')
      .on(t.createdAt)
      .where(sql`${t.isUrgent}`),
    index('questions_search_idx').using('gin', t.search),
    index('questions_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    check(
      'questions_counts_check',
      sql`${t.upvotes} >= 0 and ${t.replyCount} >= 0 and ${t.helpfulCount} >= 0`,
    ),
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
    /** The language it is written in, as a question's. */
    language: text('language').notNull().default('en'),
    isAiReply: boolean('is_ai_reply').notNull().default(false),
    /** When the asker marked this reply "This helped"; null when they have not (or took it back). */
    helpfulAt: timestamp('helpful_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('replies_question_idx').on(t.questionId, t.createdAt),
    index('replies_author_idx').on(t.authorId),
    index('replies_helpful_author_idx')
      .on(t.authorId)
      .where(sql`${t.helpfulAt} is not null`),
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
/** A person hears of new replies to the question (asking and replying follow; a bookmark does not). */
export const questionFollows = userQuestionMarks('question_follows');

/**
 * A mentor has said "I'm answering this": other mentors see so until `expiresAt`, and the claim ends when its mentor
 * replies or releases it.
 */
export const questionClaims = pgTable(
  'question_claims',
  {
    questionId: uuid('question_id')
      .primaryKey()
      .references(() => questions.id, { onDelete: 'cascade' }),
    mentorId: uuid('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('question_claims_mentor_idx').on(t.mentorId)],
);

/**
 * A member's choice about a topic: `following` true is told of its new questions; false is a mentor who stopped
 * following one of their own topics (mentors follow their topics unless they say otherwise).
 */
export const categoryFollows = pgTable(
  'category_follows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    following: boolean('following').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.categoryId] }),
    index('category_follows_category_idx').on(t.categoryId),
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
 * A post (a question's title and text, or a reply) translated by the model into a reader's language: made once per
 * post and language, kept until the post goes.
 */
export const postTranslations = pgTable(
  'post_translations',
  {
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    replyId: uuid('reply_id').references(() => replies.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    /** A question's title; null for a reply. */
    title: text('title'),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('post_translations_question_idx').on(t.questionId, t.language),
    uniqueIndex('post_translations_reply_idx').on(t.replyId, t.language),
    check('post_translations_one_post_check', sql`num_nonnulls(${t.questionId}, ${t.replyId}) = 1`),
  ],
);
