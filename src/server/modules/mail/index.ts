import { defineModule, failureLog } from '../context';
import { mailQueued } from './events';
import { MailSender } from './outbox';
import { mailRoutes } from './routes';
import { configuredTransport } from './transport';

export default defineModule({
  name: 'mail',
  routes: mailRoutes,
  workers: [
    {
      name: 'mail sender',
      wakeOn: [mailQueued],
      create: ({ db, config, log }) => {
        const transport = configuredTransport(config);
        log.info(
          transport
            ? `Emails go to ${transport.describe}${config.mail.url ? '' : ' (set MAIL_URL to send them)'}`
            : 'Emails are off (MAIL_DISABLED=true): password resets and email confirmations are not sent',
        );
        if (!transport) return undefined;
        const sender = new MailSender(db, transport, {}, failureLog(log));
        // The transport closes once the sender has finished the email in hand.
        return {
          start: () => sender.start(),
          nudge: () => sender.nudge(),
          stop: () => sender.stop().then(() => transport.close()),
        };
      },
    },
  ],
});

export { announcedOutbox, mailQueued } from './events';
export { createOutbox, MailSender, type Outbox, type QueuedMail, type SenderOptions } from './outbox';
export type { NewsItem, NoticeMailKind } from './templates';
export { configuredTransport, smtpTransport, type MailTransport } from './transport';
