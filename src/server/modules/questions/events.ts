import { z } from 'zod';
import { eventKind } from '../../realtime/events';

/**
 * What readers of the feed and of a question page hear, members and visitors alike: published in the transaction
 * that makes a question or reply visible to everyone (never for one held back or deleted). The question caches
 * empty on them too.
 */
export const questionPosted = eventKind('question.posted', z.object({ q: z.string(), category: z.string() }));
export const replyPosted = eventKind('reply.posted', z.object({ q: z.string(), r: z.string() }));

/**
 * Any other write to questions, replies, likes or voice notes (or to what their badges show), published in its
 * transaction: the question caches of every instance empty on it. `change: 'likes'` when only upvotes moved; `n`
 * tells this write from another.
 */
export const questionsChanged = eventKind(
  'questions',
  z.object({ change: z.enum(['content', 'likes']), n: z.string() }),
);
