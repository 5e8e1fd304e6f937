import { defineModule } from '../context';
import type { Outbox } from '../mail';
import { pruneClaims } from './claims';
import { clearCachesOnEvents } from './cache';
import { registerLiveQuestions } from './live';
import { questionAdminRoutes } from './admin-routes';
import { categoryFollowRoutes } from './category-follow-routes';
import { questionRoutes } from './routes';
import { keepMarks } from './viewer-marks';
import { sendWaitingEmails } from './waiting-mail';
import { waitingRoutes } from './waiting-routes';

export default defineModule<{ outbox: Outbox }>({
  name: 'questions',
  routes: async (app, context) => {
    await app.register(questionRoutes, context);
    await app.register(questionAdminRoutes, context);
    await app.register(waitingRoutes, context);
    await app.register(categoryFollowRoutes, context);
  },
  caches: ({ db, bus }) => clearCachesOnEvents(db, bus),
  events: ({ db, bus }) => keepMarks(db, bus),
  frames: ({ realtime }) => registerLiveQuestions(realtime),
  leaderTasks: ({ db, outbox, config, clock }) => [
    // Each mentor's email goes at most once a day; looking often keeps it near the time it first went.
    {
      name: 'waiting questions email',
      everyMs: 15 * 60_000,
      run: () => sendWaitingEmails(db, outbox, config.linkBase, clock()).then(() => undefined),
    },
    { name: 'question claims pruning', everyMs: 86_400_000, run: () => pruneClaims(db, clock()) },
  ],
});

export { publishQuestionsChanged } from './cache';
export { questionPosted, questionsChanged, replyPosted } from './events';
export { seedCategories } from './categories';
export { HUMAN_ANSWER, questionSearch, UNANSWERED } from './question-shape';
export { deleteQuestion, removeQuestion } from './questions';
export { addAiReply, removeReply } from './replies';
export { questionTopic } from './live';
