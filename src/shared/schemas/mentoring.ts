import { z } from 'zod';
import { LOCALES } from '../constants';
import { cursorQuery } from '../cursor';
import { cursorTime, questionClaimSchema } from './questions';

/** How many waiting questions a page of "Waiting for you" shows. */
export const WAITING_PAGE_SIZE = 20;
/** How long "I'm answering this" holds a question for its mentor. */
export const CLAIM_MINUTES = 30;
/** How many questions the daily waiting email lists at most. */
export const WAITING_EMAIL_MAX = 10;

/**
 * Where the next page of waiting questions starts: after this one, by its place in the order (SOS first, then the
 * mentor's topics and languages, then oldest first, then id).
 */
export const waitingCursorSchema = z.strictObject({
  urgent: z.boolean(),
  matches: z.boolean(),
  createdAt: cursorTime,
  id: z.guid(),
});
export type WaitingCursor = z.infer<typeof waitingCursorSchema>;

export const waitingQuerySchema = z.object({ cursor: cursorQuery(waitingCursorSchema) });

export const waitingQuestionSchema = z.object({
  id: z.string(),
  title: z.string(),
  excerpt: z.string(),
  categorySlug: z.string().nullable(),
  language: z.enum(LOCALES),
  isUrgent: z.boolean(),
  createdAt: z.string(),
  /** In one of the mentor's topics and in a language they help in. */
  matches: z.boolean(),
  /** How long it has waited for a person's answer; the client words it. */
  waitingSeconds: z.number().int().min(0),
  claim: questionClaimSchema,
});
export type WaitingQuestion = z.infer<typeof waitingQuestionSchema>;

export const waitingResponseSchema = z.object({
  questions: z.array(waitingQuestionSchema),
  nextCursor: z.string().nullable(),
  /** Every question waiting for a person's answer (the mentor's own left out). */
  /** How many wait, counted up to WAITING_TOTAL_CAP. */
  total: z.number().int(),
});
export type WaitingPage = z.infer<typeof waitingResponseSchema>;

export const claimResponseSchema = z.object({ claim: questionClaimSchema });
