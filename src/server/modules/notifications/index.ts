import type { Outbox } from '../mail';
import { defineModule } from '../context';
import { deliveryWorkers } from './delivery-workers';
import { notificationDeliveryRoutes } from './delivery-routes';
import { registerLiveBell } from './live';
import { notificationRoutes } from './routes';

export default defineModule<{ outbox: Outbox }>({
  name: 'notifications',
  routes: async (app, context) => {
    await app.register(notificationRoutes, context);
    await app.register(notificationDeliveryRoutes, context);
  },
  frames: ({ realtime, db }) => registerLiveBell(realtime, db),
  workers: deliveryWorkers,
});

export { notificationsChanged } from './events';
export {
  announceGone,
  notifyAdminsOfReport,
  notifyMentorDecision,
  notifyMentorLeft,
  notifyMessage,
  notifyNewConversation,
  notifyRemoved,
  notifyReplied,
  silenceConversations,
} from './notify';
export { notifyConversationReminders, notifyNoReply } from './notify-conversations';
export { notifyTopicFollowers } from './notify-topics';
export { preferencesOf } from './preferences';
export { markConversationRead } from './read';
