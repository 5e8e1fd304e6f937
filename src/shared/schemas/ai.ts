import { z } from 'zod';
import { CHAT_LIMITS } from '../chloe';
import { longText } from './common';

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
  | { type: 'done'; sources?: ChatSource[] }
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
