import { z } from 'zod';
import { categorySlugOf } from '../categories';
import { LOCALES, ROLES } from '../constants';
import { isLocale } from '../languages';
import { cursorQuery, cursorSchema } from '../cursor';
import { langQuery, lineText, longText } from './common';
import { QUESTION_LIMITS, REPORT_REASONS } from '../limits';

export { QUESTION_LIMITS, REPORT_REASONS, splitTags } from '../limits';

/** Tags: trimmed, lower-cased, empties dropped and duplicates removed, then limited. */
export const tagsSchema = z
  .array(lineText().max(200, 'validation.tagMax'))
  .max(50, 'validation.tagsMax')
  .transform((tags) => [...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean))])
  .pipe(
    z
      .array(z.string().max(QUESTION_LIMITS.tagMax, 'validation.tagMax'))
      .max(QUESTION_LIMITS.tagsMax, 'validation.tagsMax'),
  );

/** A category by its slug or by its display name in English or Vietnamese, as the spec's clients send it. */
const categoryField = z.string('validation.categoryInvalid').transform((value, ctx) => {
  const slug = categorySlugOf(value);
  if (slug) return slug;
  ctx.addIssue({ code: 'custom', message: 'validation.categoryInvalid' });
  return z.NEVER;
});

export const createQuestionSchema = z.object({
  title: lineText({ error: 'validation.titleRequired' })
    .min(1, 'validation.titleRequired')
    .max(QUESTION_LIMITS.titleMax, 'validation.titleMax'),
  content: longText({ error: 'validation.contentRequired' })
    .min(1, 'validation.contentRequired')
    .max(QUESTION_LIMITS.contentMax, 'validation.contentMax'),
  category: categoryField.nullable().default(null),
  tags: tagsSchema.default([]),
  isUrgent: z.boolean().default(false),
  isAnonymous: z.boolean().default(false),
});
export type CreateQuestionInput = z.input<typeof createQuestionSchema>;

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** A real instant: `2024-02-30` or year 0 survive Date.parse but not a round trip (and PostgreSQL refuses them). */
function isRealInstant(value: string): boolean {
  const date = new Date(value);
  return (
    !Number.isNaN(date.getTime()) &&
    date.getUTCFullYear() >= 1 &&
    date.toISOString().slice(0, 19) === value.slice(0, 19)
  );
}

/** A cursor's time: to the microsecond, in UTC. */
export const cursorTime = z.string().regex(CURSOR_TIME).refine(isRealInstant);

const cursorId = z.guid();

/**
 * Where the next latest-first page starts: after this question (its time to the microsecond, then its id). Strict,
 * so that a trending cursor is no latest one.
 */
export const latestCursorSchema = z.strictObject({
  createdAt: cursorTime,
  /** Any 8-4-4-4-12 hex id, as PostgreSQL's uuid type reads it. */
  id: cursorId,
});
/**
 * Where the next trending page starts: the instant every page of the listing is ranked at, and the last question
 * shown, by its place in that ranking (its score at that instant, then its time and id as on latest).
 */
export const trendingCursorSchema = z.strictObject({
  at: cursorTime,
  score: z.number().min(0),
  createdAt: cursorTime,
  id: cursorId,
});
export type TrendingCursor = z.infer<typeof trendingCursorSchema>;
export type LatestCursor = z.infer<typeof latestCursorSchema>;

/**
 * Where the next page of the rest starts, when the reader's languages come first (`first`): `rest` marks a position
 * among the questions in other languages, and alone is the start of them.
 */
const inRest = { rest: z.literal(true).optional() };
const restStart = z.strictObject({ rest: z.literal(true) });

/** A feed cursor for each sort: where the next page starts. */
export const feedCursorSchemas = {
  trending: cursorSchema(z.union([trendingCursorSchema.extend(inRest), restStart])),
  latest: cursorSchema(z.union([latestCursorSchema.extend(inRest), restStart])),
};

/** Languages as a comma-separated list (`first=vi,en`), each once. */
const languageList = z
  .string()
  .max(100, 'validation.languageInvalid')
  .transform((value, ctx) => {
    const codes = [...new Set(value.split(',').filter(Boolean))];
    if (codes.every(isLocale)) return codes;
    ctx.addIssue({ code: 'custom', message: 'validation.languageInvalid' });
    return z.NEVER;
  });

/**
 * A cursor of a time and an id in a query string (notifications, Chloe's feedback, the admin lists): one the server
 * did not make is a 400, never a database error; an empty one is the first page.
 */
export const latestCursorQuery = () => cursorQuery(latestCursorSchema);

/**
 * Cursors come back from clients: anything but one made for the listing's sort is a 400, never a database error.
 * An empty cursor is the first page.
 */
export const listQuestionsQuerySchema = z
  .object({
    sort: z.enum(['trending', 'latest'], 'validation.invalidInput').default('trending'),
    ...langQuery,
    category: categoryField.optional(),
    q: lineText()
      .max(200, 'validation.searchMax')
      .optional()
      .transform((v) => (v ? v : undefined)),
    limit: z.coerce.number().int().min(1).max(QUESTION_LIMITS.pageMax).default(QUESTION_LIMITS.pageSize),
    /** The reader's languages: questions written in them come first, then all the others. */
    first: languageList.default([]),
    cursor: z
      .string()
      .max(400)
      .regex(/^[\w-]*$/, 'validation.cursorInvalid')
      .optional(),
  })
  .transform(({ cursor, ...query }, ctx) => {
    if (!cursor) return { ...query, cursor: undefined, rest: false };
    const parsed = feedCursorSchemas[query.sort].safeParse(cursor);
    if (parsed.success) {
      const { rest, ...position } = parsed.data;
      const at = 'id' in position ? (position as TrendingCursor | LatestCursor) : undefined;
      return { ...query, cursor: at, rest: rest === true };
    }
    ctx.issues.push({ code: 'custom', message: 'validation.cursorInvalid', input: cursor, path: ['cursor'] });
    return z.NEVER;
  });
export type ListQuestionsQuery = z.input<typeof listQuestionsQuerySchema>;
/** A listing as the server reads it: the cursor decoded, and made for the listing's sort. */
export type ListQuestionsOptions = z.output<typeof listQuestionsQuerySchema>;

export const idParamsSchema = z.object({ id: z.uuid('validation.idInvalid') });

export const createReplySchema = z.object({
  content: longText({ error: 'validation.replyRequired' })
    .min(1, 'validation.replyRequired')
    .max(QUESTION_LIMITS.replyMax, 'validation.replyMax'),
});

export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, 'validation.reasonInvalid'),
  details: longText()
    .max(QUESTION_LIMITS.reportDetailsMax, 'validation.detailsMax')
    .optional()
    .transform((v) => (v ? v : undefined)),
});

const authorSchema = z.object({ displayName: z.string(), role: z.enum(ROLES) }).nullable();

/** The language a post is written in: detected, and the author may correct it. */
const postLanguage = z.enum(LOCALES);

export const replySchema = z.object({
  id: z.string(),
  content: z.string(),
  language: postLanguage,
  isAiReply: z.boolean(),
  createdAt: z.string(),
  author: authorSchema,
  isOwn: z.boolean(),
  /** The asker marked it "This helped". */
  helpful: z.boolean(),
});
export type Reply = z.infer<typeof replySchema>;

export const questionSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** In lists, the first 400 characters (ending with "…" when cut); the question page has it all. */
  content: z.string(),
  language: postLanguage,
  /** The category's display name in the reader's language, and its slug. */
  category: z.string().nullable(),
  categorySlug: z.string().nullable(),
  tags: z.array(z.string()),
  isUrgent: z.boolean(),
  isAnonymous: z.boolean(),
  upvotes: z.number().int(),
  replyCount: z.number().int(),
  /** Replies the asker marked "This helped": a card says the question has an answer that helped. */
  helpfulCount: z.number().int(),
  createdAt: z.string(),
  /** Null for anonymous questions, except for admins. */
  author: authorSchema,
  /** In lists: Chloe's first reply only, for the card's excerpt. */
  replies: z.array(z.object({ content: z.string(), isAiReply: z.boolean() })),
  hasVoiceNote: z.boolean(),
  liked: z.boolean(),
  bookmarked: z.boolean(),
  /** The reader hears of new replies (asking and replying follow; a bookmark does not); false for visitors. */
  followed: z.boolean(),
  isOwn: z.boolean(),
});
export type Question = z.infer<typeof questionSchema>;

/**
 * A mentor said "I'm answering this" and has not replied yet: `mine` for that mentor; never who it is to others.
 */
export const questionClaimSchema = z.object({ mine: z.boolean(), expiresAt: z.string() }).nullable();
export type QuestionClaim = z.infer<typeof questionClaimSchema>;

export const questionDetailSchema = questionSchema.extend({
  replies: z.array(replySchema),
  claim: questionClaimSchema,
});
export type QuestionDetail = z.infer<typeof questionDetailSchema>;

export const questionListSchema = z.object({
  questions: z.array(questionSchema),
  /** The SOS lane: urgent questions of the last 72 hours, on the first page of the whole feed. */
  urgent: z.array(questionSchema),
  nextCursor: z.string().nullable(),
});
export type QuestionList = z.infer<typeof questionListSchema>;

export const categoryWithCountSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  colour: z.string(),
  count: z.number().int(),
});
export const categoriesQuerySchema = z.object(langQuery);
export const categoriesResponseSchema = z.object({
  categories: z.array(categoryWithCountSchema),
  /** Every question, with a category or without: the count of "All Topics". */
  total: z.number().int(),
});
export type CategoryWithCount = z.infer<typeof categoryWithCountSchema>;
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

/** An optional desired state makes like and bookmark idempotent; without it they toggle. */
export const likeRequestSchema = z.object({ liked: z.boolean().optional() }).nullish();
export const bookmarkRequestSchema = z.object({ bookmarked: z.boolean().optional() }).nullish();

export const likeResponseSchema = z.object({ liked: z.boolean(), upvotes: z.number().int() });

export const replyParamsSchema = z.object({
  id: z.uuid('validation.idInvalid'),
  replyId: z.uuid('validation.idInvalid'),
});
/** The asker marks a reply "This helped" (true) or takes it back (false); without a body, a toggle. */
export const helpfulRequestSchema = z
  .object({ helpful: z.boolean('validation.invalidInput').optional() })
  .nullish();
export const helpfulResponseSchema = z.object({ helpful: z.boolean(), helpfulCount: z.number().int() });
export const bookmarkResponseSchema = z.object({ bookmarked: z.boolean() });
