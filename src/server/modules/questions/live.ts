import type { LiveFrame } from '../../../shared/schemas/notifications';
import type { Realtime } from '../../realtime/channel';
import type { Database } from '../../db/client';
import { questionPosted, replyPosted } from '../../realtime/public-events';
import { clearCaches } from './cache';

/** The topic of one question's page on the realtime channel. */
export const questionTopic = (questionId: string) => `question:${questionId}`;

/**
 * The feed and question pages, live: readers watching the feed hear of each new question, readers of a question
 * page of each new reply (a person's or Chloe's). Frames carry ids; the page fetches what it shows, as the reader
 * may see it.
 */
export function registerLiveQuestions(realtime: Realtime, db: Database): void {
  // The caches' own event is published after the commit, so it may come after these: the pages a frame makes
  // readers fetch must not come from a cache that is still without the new post.
  realtime.on(questionPosted, ({ q, category }) => {
    clearCaches(db);
    const frame: LiveFrame = { type: 'question_posted', questionId: q, category };
    realtime.hub.sendToTopic('feed', frame);
  });
  realtime.on(replyPosted, ({ q, r }) => {
    clearCaches(db);
    const frame: LiveFrame = { type: 'reply_posted', questionId: q, replyId: r };
    realtime.hub.sendToTopic(questionTopic(q), frame);
  });
}
