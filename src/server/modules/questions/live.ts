import type { LiveFrame } from '../../../shared/schemas/notifications';
import type { Realtime } from '../../realtime/channel';
import { questionPosted, replyPosted } from './events';

/** The topic of one question's page on the realtime channel. */
export const questionTopic = (questionId: string) => `question:${questionId}`;

/**
 * The feed and question pages, live: readers watching the feed hear of each new question, readers of a question
 * page of each new reply (a person's or Chloe's). Frames carry ids; the page fetches what it shows, as the reader
 * may see it.
 */
export function registerLiveQuestions(realtime: Realtime): void {
  // The caches empty on these events as the bus hears them, before these frames go (questions/cache.ts).
  realtime.on(questionPosted, ({ q, category }) => {
    const frame: LiveFrame = { type: 'question_posted', questionId: q, category };
    realtime.hub.sendToTopic('feed', frame);
  });
  realtime.on(replyPosted, ({ q, r }) => {
    const frame: LiveFrame = { type: 'reply_posted', questionId: q, replyId: r };
    realtime.hub.sendToTopic(questionTopic(q), frame);
  });
}
