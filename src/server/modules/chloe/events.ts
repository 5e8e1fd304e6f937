import { z } from 'zod';
import { eventKind } from '../../realtime/events';

/** Chloe has replies to write (a question was posted, a job retried): every instance's reply worker looks at once. */
export const chloeJobsDue = eventKind('chloe', z.object({}));

/**
 * A question was added to a knowledge article (an admin attached one of Chloe's misses): every instance builds its
 * search indexes again before the next question.
 */
export const knowledgeChanged = eventKind('knowledge', z.object({}));

/**
 * Chloe had nothing on a new question and did not reply: the asker's page, waiting for her answer, stops waiting
 * (the question waits for a person).
 */
export const chloeNoReply = eventKind('chloe.no-reply', z.object({ q: z.string() }));
