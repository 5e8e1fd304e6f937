import { failureLog, type ServerModule } from '../context';
import type { Outbox } from '../mail';
import { NotificationMailer } from './email';
import { notificationsChanged } from './events';
import { PushSender, vapidKeys } from './push';

/** The email and push senders: both look at once when anyone's notifications change, on any instance. */
export const deliveryWorkers: ServerModule<{ outbox: Outbox }>['workers'] = [
  {
    // With email off (MAIL_DISABLED=true) it runs too: due notifications are marked as not emailed.
    name: 'notification emails',
    wakeOn: [notificationsChanged],
    create: ({ db, outbox, config, log }) =>
      new NotificationMailer(db, outbox, config.linkBase, {}, failureLog(log)),
  },
  {
    name: 'web push',
    wakeOn: [notificationsChanged],
    create: async ({ db, config, log }) => {
      const vapid = await vapidKeys(db, config);
      log.info(
        config.push.keys
          ? 'Web push uses the VAPID keys of VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY'
          : 'Web push uses the VAPID keys kept in the database (set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to choose them)',
      );
      return new PushSender(db, vapid, { serviceHosts: config.push.serviceHosts }, failureLog(log));
    },
  },
];
