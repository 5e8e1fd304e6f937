import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CHLOE_MISS_KINDS, CHLOE_MISS_STATUSES } from '../../../shared/chloe';
import { users } from './accounts';
import { createdAt } from './columns';
import { knowledgeArticles } from './content';
import { LOCALES } from '../../../shared/languages';

/**
 * The embedding of each knowledge article, government service and answered community question, by the model that
 * made it (`AI_EMBEDDING_MODEL`); `text_hash` is the hash of the text it was made from, so it is made again only
 * when that text changes. Rows of questions that were deleted or lost their answers are removed by the embedding
 * task.
 */
export const embeddings = pgTable(
  'embeddings',
  {
    kind: text('kind', { enum: ['article', 'service', 'question'] }).notNull(),
    itemId: text('item_id').notNull(),
    model: text('model').notNull(),
    textHash: text('text_hash').notNull(),
    vector: real('vector').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.model, t.kind, t.itemId] })],
);

/** One turn of a conversation shared with a piece of feedback. */
export type SharedTurn = { role: 'user' | 'assistant'; content: string };

/**
 * A thumbs up or down on one of Chloe's answers in the chat, with an optional reason. The conversation comes with
 * it only when the person chose to share it; nothing else of the chat is kept. A member's feedback goes with their
 * account, and everyone's after 90 days (modules/chloe/feedback.ts).
 */
export const chloeFeedback = pgTable(
  'chloe_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rating: text('rating', { enum: ['up', 'down'] }).notNull(),
    reason: text('reason'),
    locale: text('locale', { enum: LOCALES }).notNull(),
    /** The addresses of the sources the answer gave. */
    sources: text('sources')
      .array()
      .notNull()
      .default(sql`'{}'`),
    conversation: jsonb('conversation').$type<SharedTurn[]>(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chloe_feedback_created_idx').on(t.createdAt, t.id),
    check('chloe_feedback_reason_length', sql`char_length(${t.reason}) <= 500`),
  ],
);

/**
 * Chloe's misses (decision 053): a question she answered with nothing, one thumbed down, one taken to the community
 * right after her answer. The text only (no account, no address; emails and phone numbers masked), one row per
 * kind, language and text (`fingerprint`, the md5 of its words), counting repeats; deleted 90 days after it first
 * came (modules/chloe/misses.ts).
 */
export const chloeMisses = pgTable(
  'chloe_misses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    question: text('question').notNull(),
    fingerprint: text('fingerprint').notNull(),
    locale: text('locale', { enum: LOCALES }).notNull(),
    kind: text('kind', { enum: CHLOE_MISS_KINDS }).notNull(),
    count: integer('count').notNull().default(1),
    status: text('status', { enum: CHLOE_MISS_STATUSES }).notNull().default('open'),
    articleId: text('article_id').references(() => knowledgeArticles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chloe_misses_text_idx').on(t.kind, t.locale, t.fingerprint),
    index('chloe_misses_status_idx').on(t.status, t.createdAt, t.id),
    check('chloe_misses_question_length', sql`char_length(${t.question}) <= 2000`),
  ],
);

/**
 * Questions an admin added to a knowledge article from Chloe's misses: the ranker reads them with the article's own
 * (content/knowledge), and `npm run content -- export-questions` writes them back to the article's file.
 */
export const knowledgeQuestions = pgTable(
  'knowledge_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    articleId: text('article_id')
      .notNull()
      .references(() => knowledgeArticles.id, { onDelete: 'cascade' }),
    locale: text('locale', { enum: LOCALES }).notNull(),
    question: text('question').notNull(),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('knowledge_questions_text_idx').on(t.articleId, t.locale, t.question)],
);
