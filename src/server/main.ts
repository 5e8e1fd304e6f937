import exitHook from 'async-exit-hook';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { StartupError } from './db/postgres-access';
import { seedDemo } from './db/seed/demo';
import { loadHelpContent, syncHelpContent } from './db/seed/help-content';
import { loadKnowledge, syncKnowledge } from './db/seed/knowledge';
import { ChloeReplier } from './modules/ai/jobs';
import { chatProvider } from './modules/ai/providers';
import { StatusChecker } from './modules/government/status';
import { createOutbox, MailSender } from './modules/mail/outbox';
import { configuredTransport } from './modules/mail/transport';
import { NotificationMailer } from './modules/notifications/email';
import { PushSender, vapidKeys } from './modules/notifications/push';
import { seedCategories } from './modules/questions/categories';
import { pruneExpiredSessions } from './plugins/auth';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const log = (message: string) => console.log(`[mentor-me] ${message}`);
  const logError = (message: string, error?: unknown) => console.error(`[mentor-me] ${message}:`, error);
  if (config.demoMode) {
    console.warn(
      config.demoModeExplicit
        ? '[mentor-me] WARNING: demo mode is on (DEMO_MODE=true): anyone who can reach this server can sign in as the demo admin, mentor or student. Never use it for a real service.'
        : '[mentor-me] WARNING: demo mode is on for a local trial: the demo accounts (admin included) can be used from this machine only. Set PUBLIC_URL or DEMO_MODE=false for a real service.',
    );
  }
  // Checked before the database starts: a content error stops the start with the file and entry it is in.
  const helpContent = loadHelpContent();
  const knowledge = loadKnowledge();
  const database = await connectDatabase(config, log);
  await seedCategories(database.db);
  await syncHelpContent(database.db, helpContent);
  await syncKnowledge(database.db, knowledge);
  if (config.demoMode) await seedDemo(database.db);
  await pruneExpiredSessions(database.db);

  const statusChecker = new StatusChecker();
  statusChecker.start();
  const provider = chatProvider(config);
  log(
    config.ai
      ? `Chloe uses the model ${config.ai.model} at ${config.ai.baseUrl}`
      : 'Chloe uses the offline guide',
  );
  const replier = new ChloeReplier(
    database.db,
    provider,
    { pollMs: config.chloe.replyPollSeconds * 1000 },
    logError,
  );
  const transport = configuredTransport(config);
  log(
    transport
      ? `Emails go to ${transport.describe}${config.mail.url ? '' : ' (set MAIL_URL to send them)'}`
      : 'Emails are off (MAIL_DISABLED=true): password resets and email confirmations are not sent',
  );
  const sender = transport && new MailSender(database.db, transport, {}, logError);
  const outbox = createOutbox(
    !config.mail.disabled,
    () => sender?.nudge(),
    (error) => logError('An email was not queued', error),
  );
  // With email off (MAIL_DISABLED=true) it runs too: due notifications are marked as not emailed.
  const mailer = new NotificationMailer(database.db, outbox, config.linkBase, {}, logError);
  const vapid = await vapidKeys(database.db, config);
  log(
    config.push.keys
      ? 'Web push uses the VAPID keys of VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY'
      : 'Web push uses the VAPID keys kept in the database (set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to choose them)',
  );
  const pusher = new PushSender(database.db, vapid, {}, logError);
  const app = await buildApp({
    config,
    db: database.db,
    statusChecker,
    chatProvider: provider,
    onQuestionPosted: () => replier.nudge(),
    onNotified: () => {
      mailer.nudge();
      pusher.nudge();
    },
    outbox,
  });
  const pruneTimer = setInterval(
    () => void pruneExpiredSessions(database.db).catch(() => undefined),
    3_600_000,
  );
  pruneTimer.unref();

  // One ordered shutdown for SIGINT, SIGTERM and SIGHUP: stop taking requests, close sockets, then the database.
  exitHook.forceExitTimeout(20_000);
  exitHook((done) => {
    clearInterval(pruneTimer);
    statusChecker.stop();
    Promise.all([replier.stop(), mailer.stop(), pusher.stop()])
      .then(() => sender?.stop())
      .then(() => app.close())
      .then(() => transport?.close())
      .catch((error: unknown) => app.log.error(error))
      .then(() => database.close())
      .catch((error: unknown) => console.error(error))
      .finally(done);
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      console.error(
        `Port ${config.port} is already in use. Stop the other program or set PORT to another port.`,
      );
    } else {
      console.error(error);
    }
    await database.close();
    process.exit(1);
  }
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  replier.start();
  sender?.start();
  mailer.start();
  pusher.start();
  log(`Mentor Me is running at http://${shown}:${config.port}${config.demoMode ? ' (demo mode)' : ''}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof StartupError ? error.message : error);
  process.exit(1);
});
