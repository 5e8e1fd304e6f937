import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';

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
    locale: text('locale', { enum: ['en', 'vi'] }).notNull(),
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
