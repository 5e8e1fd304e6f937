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
import { sessionEnded, userChanged } from './realtime/row-events';
import { clientErrorHandler, errorsPlugin, frameworkErrorHandler } from './plugins/errors';
import { projectPath } from './paths';
import { builtStylesheet, START_SCRIPT_HASH } from './lib/index-page';
import { servePages } from './pages';
import { sitemapRoute } from './sitemap';
import { rateLimitPlugin } from './plugins/rate-limit';
import { appSecurityHeaders, securityHeadersPlugin } from './plugins/security-headers';
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
import { MODULES } from './modules';
import type { ModuleContext, ServerModule } from './modules/context';
import { chatProvider, embedderFor, type ChatProvider, type Embedder } from './modules/chloe';
import { StatusChecker } from './modules/government';
import { createReadiness } from './modules/health';
import { announcedOutbox, type Outbox } from './modules/mail';

/** What the app gives its modules beyond ModuleContext: each module names the ones it needs. */
export type AppServices = {
  outbox: Outbox;
  statusChecker: StatusChecker;
  chatProvider: ChatProvider;
  embedder: Embedder | undefined;
};
export type AppContext = ModuleContext & AppServices;

/** The list of modules, each checked against what the app gives. */
export const APP_MODULES: readonly ServerModule<AppServices>[] = MODULES;

declare module 'fastify' {
  interface FastifyInstance {
    /** What the modules were given: main.ts starts their workers and leader tasks with it. */
    moduleContext: AppContext;
  }
}

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
   * Called on every instance when an event that wakes a module's worker is heard (any instance may have published
   * it), with the worker's name: main.ts nudges the worker.
   */
  onWake?: (worker: string) => void;
  /** Where emails are written; by default one whose writes wake every instance's sender. */
  outbox?: Outbox;
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
  // A session ended or a person's row changed: that person's kept sessions are read again.
  for (const kind of [sessionEnded, userChanged]) bus.on(kind, ({ u }) => sessions.dropUser(u));
  bus.onReconnected(() => sessions.clear());
  await app.register(authPlugin, { db, config, sessions });
  const realtime = await registerRealtime(app, { db, config, bus });
  observeResources(metrics.registry, {
    db,
    listening: () => bus.listening,
    // Every socket upgraded on this app, members' and visitors'.
    openSockets: () => app.websocketServer.clients.size,
    openEventStreams,
  });

  const context: AppContext = {
    db,
    config,
    bus,
    realtime,
    clock: deps.clock ?? (() => new Date()),
    log: app.log,
    metrics,
    outbox: deps.outbox ?? announcedOutbox(db, !config.mail.disabled, app.log),
    statusChecker: deps.statusChecker ?? new StatusChecker(db),
    chatProvider: deps.chatProvider ?? chatProvider(config),
    embedder: deps.embedder ?? embedderFor(config),
  };
  app.decorate('moduleContext', context);
  // Each module's own part of the app, wired the same way for all of them.
  for (const module of APP_MODULES) {
    module.caches?.(context);
    module.events?.(context);
    module.frames?.(context);
    for (const worker of module.workers ?? []) {
      for (const kind of worker.wakeOn) realtime.on(kind, () => deps.onWake?.(worker.name));
    }
  }
  for (const module of APP_MODULES) if (module.routes) await app.register(module.routes, context);
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  // Anyone may read it, as anyone may read the pages it lists.
  await sitemapRoute(app, { linkBase: config.linkBase });

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
