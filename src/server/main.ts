import exitHook from 'async-exit-hook';
import { APP_MODULES, buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { StartupError } from './db/postgres-access';
import { Leadership } from './lib/leadership';
import type { Worker } from './lib/module';
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

  // The modules' workers, woken by the events each one names (app.ts hears them on every instance).
  const workers = new Map<string, Worker>();
  const app = await buildApp({
    config,
    db: database.db,
    loggerInstance: logger,
    onWake: (name) => workers.get(name)?.nudge(),
  });
  const context = app.moduleContext;
  for (const module of APP_MODULES) {
    for (const part of module.workers ?? []) {
      const worker = await part.create(context);
      if (worker) workers.set(part.name, worker);
    }
  }

  // Work that one instance does for all of them, handed over when it stops.
  const leadership = new Leadership(
    database.url,
    [
      ...APP_MODULES.flatMap((module) => module.leaderTasks?.(context) ?? []),
      { name: 'session pruning', everyMs: 3_600_000, run: () => pruneExpiredSessions(database.db) },
      { name: 'rate-limit sweep', everyMs: 600_000, run: () => sweepRateLimits(database.db) },
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
    const stopped = Promise.all([leadership.stop(), ...[...workers.values()].map((worker) => worker.stop())]);
    sleep(config.shutdown.readinessWaitMs)
      .then(() => Promise.all([Promise.race([stopped, sleep(WORKERS_STOP_MS)]), app.close()]))
      .then(() => metricsServer?.close())
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
    await Promise.all(APP_MODULES.map((module) => module.warm?.(context)));
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
  for (const worker of workers.values()) worker.start();
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
