import { z } from 'zod';
import { eventKind } from './events';

/**
 * What readers of the feed and of a question page hear, members and visitors alike: published in the transaction
 * that makes a question or reply visible to everyone (never for one held back or deleted).
 */
export const questionPosted = eventKind('question.posted', z.object({ q: z.string(), category: z.string() }));
export const replyPosted = eventKind('reply.posted', z.object({ q: z.string(), r: z.string() }));
