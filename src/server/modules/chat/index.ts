import { defineModule } from '../context';
import { chatRoutes } from './routes';

export default defineModule({ name: 'chat', routes: chatRoutes });

export { peopleOf } from './access';
export { closeConversationIn, closeMentorConversationsIn } from './conversations';
export { publishChatEvent } from './events';
