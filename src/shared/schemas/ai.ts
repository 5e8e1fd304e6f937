import { z } from 'zod';
import {
  CHAT_LIMITS,
  CHLOE_MISS_KINDS,
  CHLOE_MISS_STATUSES,
  FEEDBACK_LIMITS,
  FEEDBACK_RATINGS,
  MISS_LIMITS,
} from '../chloe';
import { LOCALES } from '../constants';
import { lineText, longText } from './common';
import { latestCursorQuery } from './questions';

export { CHAT_LIMITS } from '../chloe';

/** Chloe's conversation lives in the page only: the client sends the recent turns with each message. */
export const chatTurnSchema = z.object({
  role: z.enum(['user', 'assistant'], 'validation.invalidInput'),
  content: longText().max(CHAT_LIMITS.historyTurnMax, 'validation.invalidInput'),
});
export type ChatTurnInput = z.infer<typeof chatTurnSchema>;

export const chatRequestSchema = z.object({
  message: longText('validation.messageRequired')
    .min(1, 'validation.messageRequired')
    .max(CHAT_LIMITS.messageMax, 'validation.messageMax'),
  history: z.array(chatTurnSchema).max(CHAT_LIMITS.historyTurns, 'validation.historyMax').default([]),
});

export const chatSourceSchema = z.object({ title: z.string(), url: z.string() });
export type ChatSource = z.infer<typeof chatSourceSchema>;

/**
 * The events of Chloe's stream, one JSON object per `data:` line (spec §7). `retry`: the server is restarting and
 * ends the stream; the client asks again from the start, and the proxy sends it to another instance.
 */
export type ChatEvent =
  | { type: 'chunk'; content: string }
  /** `nothingFound`: Chloe had no source relevant to the question, said so, and the page offers to ask a person. */
  | { type: 'done'; sources?: ChatSource[]; nothingFound?: boolean }
  | { type: 'error'; message: string }
  | { type: 'retry' };

export const AI_JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export const aiJobsQuerySchema = z.object({
  status: z.enum(AI_JOB_STATUSES, 'validation.invalidInput').default('failed'),
});
export const aiJobSchema = z.object({
  questionId: z.string(),
  title: z.string(),
  status: z.enum(AI_JOB_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  runAfter: z.string(),
  updatedAt: z.string(),
});
export const aiJobsResponseSchema = z.object({ jobs: z.array(aiJobSchema) });

// Feedback on Chloe's answers ------------------------------------------------------------------------------------

export { FEEDBACK_LIMITS, FEEDBACK_RATINGS, type FeedbackRating } from '../chloe';

/** A source's address as Chloe gives it: a page of this site (`/faq`) or a web address. */
const sourceUrl = lineText()
  .min(1, 'validation.sourcesInvalid')
  .max(FEEDBACK_LIMITS.sourceMax, 'validation.sourcesInvalid')
  .regex(/^(\/[a-z0-9/-]*|https:\/\/[^\s\\]+)$/, 'validation.sourcesInvalid');

/**
 * A thumbs up or down on one answer. `conversation` (the turns up to and including that answer) comes only when
 * the person ticked "share"; nothing else of the chat leaves the device.
 */
/** The question a miss is about: what the person asked Chloe. */
const missQuestion = longText('validation.messageRequired')
  .min(1, 'validation.messageRequired')
  .max(MISS_LIMITS.questionMax, 'validation.messageMax');

export const chloeFeedbackSchema = z.object({
  rating: z.enum(FEEDBACK_RATINGS, 'validation.ratingInvalid'),
  reason: longText()
    .max(FEEDBACK_LIMITS.reasonMax, 'validation.feedbackReasonMax')
    .optional()
    .transform((v) => (v ? v : undefined)),
  sources: z
    .array(sourceUrl, 'validation.sourcesInvalid')
    .max(FEEDBACK_LIMITS.sourcesMax, 'validation.sourcesMax')
    .default([]),
  /** With a thumbs down, what the person had asked: it joins Chloe's misses, apart from this feedback. */
  question: missQuestion.optional(),
  conversation: z
    .array(chatTurnSchema, 'validation.invalidInput')
    .min(1, 'validation.invalidInput')
    .max(FEEDBACK_LIMITS.turnsMax, 'validation.conversationMax')
    .refine(
      (turns) =>
        turns.reduce((sum, turn) => sum + turn.content.length, 0) <= FEEDBACK_LIMITS.conversationChars,
      'validation.conversationMax',
    )
    .optional(),
  locale: z.enum(LOCALES, 'validation.localeInvalid'),
});
export type ChloeFeedbackInput = z.input<typeof chloeFeedbackSchema>;

export const chloeFeedbackCreatedSchema = z.object({ id: z.string() });

/**
 * The admin's list: newest first, optionally of one rating. A page starts after an item (its time to the
 * microsecond, then its id), as the latest feed's pages do; a cursor the server did not make is a 400.
 */
export const chloeFeedbackQuerySchema = z.object({
  rating: z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.enum(FEEDBACK_RATINGS, 'validation.ratingInvalid').optional(),
  ),
  cursor: latestCursorQuery(),
});
export type ChloeFeedbackQuery = z.output<typeof chloeFeedbackQuerySchema>;

export const chloeFeedbackItemSchema = z.object({
  id: z.string(),
  rating: z.enum(FEEDBACK_RATINGS),
  reason: z.string().nullable(),
  locale: z.enum(LOCALES),
  sources: z.array(z.string()),
  /** Null when the person did not share it. */
  conversation: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })).nullable(),
  createdAt: z.string(),
});
export type ChloeFeedbackItem = z.infer<typeof chloeFeedbackItemSchema>;
export const chloeFeedbackPageSchema = z.object({
  items: z.array(chloeFeedbackItemSchema),
  nextCursor: z.string().nullable(),
  /** Chloe's replies in the feed, and how many of them their asker marked "This helped". */
  feedReplies: z.object({ total: z.number().int(), helpful: z.number().int() }),
});
export type ChloeFeedbackPage = z.infer<typeof chloeFeedbackPageSchema>;

/**
 * `POST /api/ai/misses`: the person took their question to the community right after Chloe's answer (the page
 * sends what they had asked her). The other two kinds are recorded by the server itself.
 */
export const chloeMissReportSchema = z.object({
  question: missQuestion,
  kind: z.literal('asked-community', 'validation.invalidInput'),
});
export type ChloeMissReport = z.infer<typeof chloeMissReportSchema>;

/** The admins' list of misses: newest first, open ones unless a status is asked for. */
export const chloeMissesQuerySchema = z.object({
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(CHLOE_MISS_STATUSES, 'validation.invalidInput').default('open'),
  ),
  cursor: latestCursorQuery(),
});
export type ChloeMissesQuery = z.output<typeof chloeMissesQuerySchema>;

export const chloeMissSchema = z.object({
  id: z.string(),
  question: z.string(),
  locale: z.enum(LOCALES),
  kind: z.enum(CHLOE_MISS_KINDS),
  /** How many times it came: repeats count on one row. */
  count: z.number().int(),
  status: z.enum(CHLOE_MISS_STATUSES),
  /** The article it was attached to. */
  articleId: z.string().nullable(),
  createdAt: z.string(),
});
export type ChloeMiss = z.infer<typeof chloeMissSchema>;
export const chloeMissesPageSchema = z.object({
  misses: z.array(chloeMissSchema),
  nextCursor: z.string().nullable(),
  /** How many misses are in that status. */
  total: z.number().int(),
  /** The articles a miss may be attached to, with their titles in the caller's language. */
  articles: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type ChloeMissesPage = z.infer<typeof chloeMissesPageSchema>;

export const chloeMissAttachSchema = z.object({
  articleId: z.string('validation.articleRequired').regex(/^[a-z0-9-]+$/, 'validation.articleRequired'),
});

/** `GET /api/ai/similar?q=`: what already answers a question being written, before it is asked. */
export const similarQuerySchema = z.object({
  q: longText().max(MISS_LIMITS.questionMax, 'validation.messageMax').default(''),
});
export const similarResponseSchema = z.object({
  /** Community questions with an answer from a person, at most three. */
  questions: z.array(z.object({ id: z.string(), title: z.string() })),
  /** The articles Chloe would cite, in the caller's language, with the official page each comes from. */
  articles: z.array(
    z.object({ id: z.string(), title: z.string(), summary: z.string(), source: chatSourceSchema }),
  ),
});
export type SimilarResponse = z.infer<typeof similarResponseSchema>;

/**
 * `GET /api/ai/replies/:id`: where Chloe's reply to a question stands. `no-reply`: she had nothing on it and did not
 * reply (it waits for a person); `none`: no reply was asked of her.
 */
export const CHLOE_REPLY_STATUSES = ['answering', 'replied', 'no-reply', 'failed', 'none'] as const;
export const chloeReplyStatusSchema = z.object({ status: z.enum(CHLOE_REPLY_STATUSES) });
export type ChloeReplyStatus = z.infer<typeof chloeReplyStatusSchema>['status'];
