import exitHook from 'async-exit-hook';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { StartupError } from './db/postgres-access';
import { Leadership } from './lib/leadership';
import { ChloeReplier } from './modules/chloe/jobs';
import { embedderFor, syncEmbeddings } from './modules/chloe/embeddings';
import { pruneFeedback } from './modules/chloe/feedback';
import { chatProvider } from './modules/chloe/providers';
import { StatusChecker } from './modules/government/status';
import { ResetRequests } from './modules/auth/reset-requests';
import { createOutbox, MailSender } from './modules/mail/outbox';
import { configuredTransport } from './modules/mail/transport';
import { NotificationMailer } from './modules/notifications/email';
import { PushSender, vapidKeys } from './modules/notifications/push';
import { createLogger } from './observability/logger';
import { startMetricsServer } from './observability/metrics';
import { pruneExpiredSessions } from './plugins/auth';
import { sweepRateLimits } from './plugins/rate-limit';

/** Everything stops within this after SIGTERM, whatever is still running. */
const SHUTDOWN_LIMIT_MS = 25_000;
/** How long background workers may take to finish the item in hand. */
const WORKERS_STOP_MS = 8_000;

/** The process's logger once the configuration is read: start-up errors go through it too. */
let processLogger: ReturnType<typeof createLogger> | undefined;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

  const logger = createLogger(config);
  processLogger = logger;
  const log = (message: string) => logger.info(message);
  const logError = (message: string, error?: unknown) => logger.error({ err: error }, message);
  if (config.demoMode) {
    logger.warn(
      config.demoModeExplicit
        ? 'Demo mode is on (DEMO_MODE=true): anyone who can reach this server can sign in as the demo admin, mentor or student. Never use it for a real service.'
        : 'Demo mode is on for a local trial: the demo accounts (admin included) can be used from this machine only. Set PUBLIC_URL or DEMO_MODE=false for a real service.',
    );
  }
  const database = await connectDatabase(config, log);

  const statusChecker = new StatusChecker(database.db);
  const provider = chatProvider(config);
  log(
    config.ai
      ? `Chloe uses the model ${config.ai.model} at ${config.ai.baseUrl}`
      : 'Chloe uses the offline guide',
  );
  const embedder = embedderFor(config);
  if (embedder) log(`Chloe's retrieval fuses words with the embeddings of ${embedder.model}`);
  const replier = new ChloeReplier(
    database.db,
    provider,
    { pollMs: config.chloe.replyPollSeconds * 1000 },
    logError,
    embedder,
  );
  const transport = configuredTransport(config);
  log(
    transport
      ? `Emails go to ${transport.describe}${config.mail.url ? '' : ' (set MAIL_URL to send them)'}`
      : 'Emails are off (MAIL_DISABLED=true): password resets and email confirmations are not sent',
  );
  const sender = transport && new MailSender(database.db, transport, {}, logError);
  const outbox = createOutbox(!config.mail.disabled, () => sender?.nudge());
  const resets = new ResetRequests(
    { db: database.db, outbox, linkBase: config.linkBase, clock: () => new Date() },
    logError,
  );
  // With email off (MAIL_DISABLED=true) it runs too: due notifications are marked as not emailed.
  const mailer = new NotificationMailer(database.db, outbox, config.linkBase, {}, logError);
  const vapid = await vapidKeys(database.db, config);
  log(
    config.push.keys
      ? 'Web push uses the VAPID keys of VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY'
      : 'Web push uses the VAPID keys kept in the database (set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to choose them)',
  );
  const pusher = new PushSender(database.db, vapid, { serviceHosts: config.push.serviceHosts }, logError);
  const app = await buildApp({
    config,
    db: database.db,
    loggerInstance: logger,
    statusChecker,
    chatProvider: provider,
    embedder,
    onChloeJobsDue: () => replier.nudge(),
    onNotified: () => {
      mailer.nudge();
      pusher.nudge();
    },
    outbox,
  });

  // Work that one instance does for all of them, handed over when it stops.
  const leadership = new Leadership(
    database.url,
    [
      statusChecker.probeTask(config.serviceStatusIntervalMs, () => app.metrics.statusChecks.inc()),
      { name: 'session pruning', everyMs: 3_600_000, run: () => pruneExpiredSessions(database.db) },
      { name: 'rate-limit sweep', everyMs: 600_000, run: () => sweepRateLimits(database.db) },
      { name: 'Chloe feedback pruning', everyMs: 86_400_000, run: () => pruneFeedback(database.db) },
      ...(embedder
        ? [
            {
              name: 'embeddings',
              everyMs: 60_000,
              run: () => syncEmbeddings(database.db, embedder).then(() => undefined),
            },
          ]
        : []),
    ],
    { info: log, warn: (error, message) => logger.warn({ err: error }, message) },
  );

  const metricsServer = config.metrics && (await startMetricsServer(config.metrics, app.metrics.registry));

  // SIGTERM (and SIGINT, SIGHUP): background workers stop after the item in hand; readiness says 503 at once (an
  // orchestrator that probes it sends no more work) and every answer closes its connection (nginx stops reusing
  // them); after a few seconds the instance stops listening, lets running requests end, tells Chloe's streams to ask
  // again and closes sockets with 1012 (their clients reconnect to another instance and catch up); then the database.
  exitHook.forceExitTimeout(SHUTDOWN_LIMIT_MS);
  exitHook((done) => {
    const started = Date.now();
    app.readiness.drain();
    log(`Stopping: readiness answers 503 for ${config.shutdown.readinessWaitMs / 1000} s, then requests end`);
    const workers = Promise.all([
      leadership.stop(),
      replier.stop(),
      mailer.stop(),
      pusher.stop(),
      resets.stop(),
      sender?.stop(),
    ]);
    sleep(config.shutdown.readinessWaitMs)
      .then(() => Promise.all([Promise.race([workers, sleep(WORKERS_STOP_MS)]), app.close()]))
      .then(() => Promise.all([transport?.close(), metricsServer?.close()]))
      .catch((error: unknown) => logError('Shutdown was not clean', error))
      .then(() => database.close())
      .catch((error: unknown) => logError('The database did not close cleanly', error))
      .finally(() => {
        log(`Stopped in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        logger.flush();
        done();
      });
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      logger.fatal(
        `Port ${config.port} is already in use. Stop the other program or set PORT to another port.`,
      );
    else logger.fatal({ err: error }, 'The server did not start');
    await database.close();
    process.exit(1);
  }
  // With PUBLIC_URL set, only its host and addresses are answered (decision 036): localhost is not.
  const anyHost = config.host === '0.0.0.0' || config.host === '::';
  const shown = anyHost ? (config.publicUrl ? '127.0.0.1' : 'localhost') : config.host;
  leadership.start();
  replier.start();
  sender?.start();
  mailer.start();
  pusher.start();
  resets.start();
  if (metricsServer) log(`Metrics at http://${config.metrics!.host}:${config.metrics!.port}/metrics`);
  log(`Mentor Me is running at http://${shown}:${config.port}${config.demoMode ? ' (demo mode)' : ''}`);
}

main().catch((error: unknown) => {
  // A start-up error a person can act on is one sentence; anything else comes with its stack.
  const logger = processLogger;
  if (!logger) console.error(error);
  else if (error instanceof StartupError) logger.fatal(error.message);
  else logger.fatal({ err: error }, 'The server did not start');
  logger?.flush();
  process.exit(1);
});
