import { defineModule } from '../context';
import { clearCachesOnEvents } from './cache';
import { registerLiveQuestions } from './live';
import { questionAdminRoutes } from './admin-routes';
import { questionRoutes } from './routes';
import { keepMarks } from './viewer-marks';

export default defineModule({
  name: 'questions',
  routes: async (app, context) => {
    await app.register(questionRoutes, context);
    await app.register(questionAdminRoutes, context);
  },
  caches: ({ db, bus }) => clearCachesOnEvents(db, bus),
  events: ({ db, bus }) => keepMarks(db, bus),
  frames: ({ realtime }) => registerLiveQuestions(realtime),
});

export { publishQuestionsChanged } from './cache';
export { questionPosted, questionsChanged, replyPosted } from './events';
export { seedCategories } from './categories';
export { HUMAN_ANSWER, questionSearch, UNANSWERED } from './question-shape';
export { deleteQuestion, removeQuestion } from './questions';
export { addAiReply, removeReply } from './replies';
export { questionTopic } from './live';
