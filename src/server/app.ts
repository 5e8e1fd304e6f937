import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '../shared/constants';
import type { Config } from './config';
import type { Database } from './db/client';
import { allowedHostsPlugin } from './plugins/allowed-hosts';
import { authPlugin } from './plugins/auth';
import { SessionCache } from './plugins/session-cache';
import { keepMarks } from './modules/questions/viewer-marks';
import { clientErrorHandler, errorsPlugin, frameworkErrorHandler } from './plugins/errors';
import { projectPath } from './paths';
import { builtStylesheet, START_SCRIPT_HASH } from './lib/index-page';
import { servePages } from './pages';
import { rateLimitPlugin } from './plugins/rate-limit';
import { appSecurityHeaders, securityHeadersPlugin } from './plugins/security-headers';
import { aiRoutes } from './modules/ai/routes';
import { feedbackRoutes } from './modules/ai/feedback';
import { embedderFor, type Embedder } from './modules/ai/embeddings';
import { chatProvider, type ChatProvider } from './modules/ai/providers';
import { accountRoutes } from './modules/account/routes';
import { authRoutes } from './modules/auth/routes';
import { chatRoutes } from './modules/chat/routes';
import { mentorRoutes } from './modules/mentors/routes';
import { contentRoutes } from './modules/content/routes';
import { governmentRoutes } from './modules/government/routes';
import { StatusChecker } from './modules/government/status';
import { createReadiness, healthRoutes } from './modules/health/routes';
import { questionRoutes } from './modules/questions/routes';
import { resourceRoutes } from './modules/resources/routes';
import { hsdsRoutes } from './modules/directory/hsds/routes';
import { directoryRoutes } from './modules/directory/routes';
import { clearCachesOnEvents } from './modules/questions/cache';
import { registerLiveQuestions } from './modules/questions/live';
import { EventBus } from './realtime/bus';
import { registerRealtime } from './realtime/channel';
import { openEventStreams } from './realtime/sse';
import { createLogger } from './observability/logger';
import {
  createAppMetrics,
  observeRequests,
  observeResources,
  rateLimitedCounter,
} from './observability/metrics';
import { REQUEST_ID_HEADER, requestId } from './observability/request-id';
import { adminRoutes } from './modules/admin/routes';
import { createOutbox, type Outbox } from './modules/mail/outbox';
import { mailRoutes } from './modules/mail/routes';
import { notificationDeliveryRoutes } from './modules/notifications/delivery-routes';
import { notificationRoutes } from './modules/notifications/routes';
import { notificationsChanged } from './modules/notifications/events';
import { chloeJobsDue } from './modules/ai/events';
import { registerLiveBell } from './modules/notifications/live';

export type AppDeps = {
  config: Config;
  db: Database;
  /** Built client to serve; defaults to dist/client beside the project when it exists. */
  clientDir?: string | null;
  /** The process's logger (observability/logger.ts), so that request lines and main.ts's lines are one stream. */
  loggerInstance?: FastifyBaseLogger;
  /** Fastify's own logger settings, when no `loggerInstance` is given (tests pass `false`). */
  logger?: FastifyServerOptions['logger'];
  /** Reads the official services' stored status (the leading instance probes them); tests may pass their own. */
  statusChecker?: StatusChecker;
  /** Where Chloe's words come from; by default the configured model, or the offline guide. */
  chatProvider?: ChatProvider;
  /** Chloe's embedding model; by default the configured one (AI_EMBEDDING_MODEL), or none. */
  embedder?: Embedder;
  /**
   * Called on every instance when Chloe has replies to write: a question was posted or a reply job retried on any
   * instance (main.ts wakes Chloe's reply worker).
   */
  onChloeJobsDue?: () => void;
  /** Called on every instance when notifications are written or read (main.ts wakes the email and push senders). */
  onNotified?: () => void;
  /** Where emails are written; by default one that main.ts's sender is woken by (`onMailQueued`). */
  outbox?: Outbox;
  onMailQueued?: () => void;
  /** The time emailed links are issued and checked at; tests set their own. */
  clock?: () => Date;
};

function defaultClientDir(): string | null {
  const index = projectPath('dist/client/index.html');
  return index && path.dirname(index);
}

/** Builds the application. It never listens: main.ts does, tests inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clientDir = deps.clientDir === undefined ? defaultClientDir() : deps.clientDir;
  const stylesheet = clientDir ? builtStylesheet(clientDir) : null;
  // Security headers for every answer, those given before any route runs included (plugins/errors.ts).
  const securityHeaders = appSecurityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // Framed pages start their code with a small script of their own (index-page.ts).
        'script-src': ["'self'", `'${START_SCRIPT_HASH}'`],
        // The pages carry the built stylesheet (index-page.ts).
        'style-src': ["'self'", ...(stylesheet ? [`'${stylesheet.hash}'`] : [])],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'media-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
      },
    },
    hsts: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The same as the CSP's frame-ancestors 'none', for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
  });
  const loggerInstance =
    deps.loggerInstance ?? (deps.logger === undefined ? createLogger(config) : undefined);
  const { trustProxy } = config;
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: deps.logger }),
    bodyLimit: LIMITS.jsonBodyBytes,
    // A hop count as Fastify takes it at run time (its types name only the other forms): the nearest `n` hops.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    // The proxy's X-Request-Id when well formed, else a random UUID: the `reqId` of every request's log lines. With no
    // proxy trusted (TRUST_PROXY unset) the header comes from the client, which must not choose another's id.
    requestIdHeader: false,
    genReqId: config.trustProxy === false ? () => randomUUID() : requestId,
    frameworkErrors: frameworkErrorHandler(securityHeaders),
    clientErrorHandler: clientErrorHandler(securityHeaders),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });

  // Prometheus metrics of this app and its process, served by main.ts on their own port (startMetricsServer).
  const metrics = createAppMetrics();
  app.decorate('metrics', metrics);
  observeRequests(app, metrics.registry);
  // Set on SIGTERM by main.ts: /api/ready answers 503 so the proxy sends new work elsewhere.
  app.decorate('readiness', createReadiness());
  // While it drains, every answer closes its connection: the proxy stops reusing its kept-alive connections to this
  // instance before the instance stops, so no request is sent on a connection that is being closed.
  app.addHook('onSend', async (_request, reply) => {
    if (app.readiness.draining) reply.header('connection', 'close');
  });

  await app.register(errorsPlugin);
  await app.register(fastifyCookie);
  await app.register(securityHeadersPlugin, { headers: securityHeaders });
  await app.register(allowedHostsPlugin, { config });
  await app.register(rateLimitPlugin, {
    db,
    settings: config,
    onLimited: rateLimitedCounter(metrics.registry),
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Mentor Me API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  // One ear per instance on PostgreSQL's events: the sessions kept, chat's sockets and the question caches of every
  // instance.
  const bus = EventBus.forDatabase(db, app.log);
  await bus.start();
  app.addHook('onClose', () => bus.stop());
  const sessions = new SessionCache(() => bus.live());
  bus.onEvent((event) => sessions.hear(event));
  bus.onReconnected(() => sessions.clear());
  await app.register(authPlugin, { db, config, sessions });
  clearCachesOnEvents(db, bus);
  keepMarks(db, bus);
  const realtime = await registerRealtime(app, { db, config, bus });
  observeResources(metrics.registry, {
    db,
    listening: () => bus.listening,
    // Every socket upgraded on this app, members' and visitors'.
    openSockets: () => app.websocketServer.clients.size,
    openEventStreams,
  });
  registerLiveQuestions(realtime);
  registerLiveBell(realtime, db);
  const { onNotified } = deps;
  if (onNotified) realtime.on(notificationsChanged, () => onNotified());
  const { onChloeJobsDue } = deps;
  if (onChloeJobsDue) realtime.on(chloeJobsDue, () => onChloeJobsDue());
  const announceChloeJobs = () =>
    void chloeJobsDue
      .publish(db, {})
      .catch((error: unknown) => app.log.warn({ err: error }, 'Chloe not woken'));

  await app.register(healthRoutes, { db });
  const outbox = deps.outbox ?? createOutbox(!config.mail.disabled, deps.onMailQueued);
  const clock = deps.clock ?? (() => new Date());
  await app.register(authRoutes, { db, config, outbox, clock });
  await app.register(accountRoutes, { db, config, outbox, clock });
  await app.register(contentRoutes, { db, config });
  await app.register(questionRoutes, { db, config, onQuestionPosted: announceChloeJobs });
  await app.register(governmentRoutes, { db, statusChecker: deps.statusChecker ?? new StatusChecker(db) });
  await app.register(resourceRoutes, { db });
  await app.register(hsdsRoutes, { db });
  await app.register(directoryRoutes, { db });
  await app.register(chatRoutes, { db, config, realtime });
  await app.register(mentorRoutes, { db });
  await app.register(adminRoutes, { db, config });
  await app.register(mailRoutes, { db, onRetried: outbox.queued });
  await app.register(notificationRoutes, { db });
  await app.register(notificationDeliveryRoutes, { db, config });
  await app.register(aiRoutes, {
    db,
    config,
    provider: deps.chatProvider ?? chatProvider(config),
    embedder: deps.embedder ?? embedderFor(config),
    onJobRetried: announceChloeJobs,
  });
  await app.register(feedbackRoutes, { db });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  if (clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      preCompressed: true,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  await servePages(app, { config, db, clientDir, stylesheet });

  return app;
}
