import { defineModule } from '../context';
import { chatRoutes } from './routes';
import { sweepUnanswered } from './unanswered';

export default defineModule({
  name: 'chat',
  routes: chatRoutes,
  // A student waiting for a mentor's first reply: the mentor is reminded at two days, and at seven the
  // conversation closes so the student can try someone else.
  leaderTasks: ({ db, clock }) => [
    { name: 'unanswered conversations', everyMs: 5 * 60_000, run: () => sweepUnanswered(db, clock()) },
  ],
});

export { peopleOf } from './access';
export { closeConversationIn, closeMentorConversationsIn } from './conversations';
export { publishChatEvent } from './events';
