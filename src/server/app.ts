import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS, STORAGE_KEYS, type Locale } from '../shared/constants';
import { isLocale, localeFromAcceptLanguage } from '../shared/i18n';
import { isPagePath, MEMBER_FRAMED_PAGES, pageRoute, type FramedPage, type LoadData } from '../shared/routes';
import type { Config } from './config';
import type { Database } from './db/client';
import { errors } from './errors';
import { authPlugin, cookieName, requestPath } from './plugins/auth';
import { SessionCache } from './plugins/session-cache';
import { keepMarks } from './modules/questions/viewer-marks';
import { clientErrorHandler, errorsPlugin, frameworkErrorHandler } from './plugins/errors';
import { projectPath } from './paths';
import {
  builtStylesheet,
  loadFrameRenderer,
  loadIndexPages,
  START_SCRIPT_HASH,
  renderFrames,
  type PageBytes,
} from './lib/index-page';
import { rateLimitPlugin } from './plugins/rate-limit';
import { appSecurityHeaders, securityHeadersPlugin } from './plugins/security-headers';
import { aiRoutes } from './modules/ai/routes';
import { feedbackRoutes } from './modules/ai/feedback';
import { embedderFor, type Embedder } from './modules/ai/embeddings';
import { chatProvider, type ChatProvider } from './modules/ai/providers';
import { accountRoutes } from './modules/account/routes';
import { authRoutes } from './modules/auth/routes';
import { toPublicUser } from './modules/auth/service';
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
import { clearCachesOnEvents, perDatabaseCache } from './modules/questions/cache';
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

/** The pages that emailed links open, with a token in their address. */
const LINK_PAGES = new Set<string | undefined>(['/reset-password', '/verify-email', '/unsubscribe']);

/** Pages whose frame carries data, by `route|locale`: as fresh as the feeds' first pages. */
const dataFramePages = perDatabaseCache<PageBytes>(5_000, 20);

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
  await app.register(rateLimitPlugin, {
    db,
    globalPerMinute: config.rateLimits.globalPerMinute,
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
  registerLiveQuestions(realtime, db);
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
  const outbox =
    deps.outbox ??
    createOutbox(!config.mail.disabled, deps.onMailQueued, (error) =>
      app.log.error({ err: error }, 'email not queued'),
    );
  app.addHook('onClose', () => outbox.idle());
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

  const frameRenderer = clientDir ? await loadFrameRenderer(clientDir) : null;
  const indexPage = clientDir
    ? loadIndexPages(
        clientDir,
        await renderFrames(frameRenderer, (message) => app.log.warn(message)),
        stylesheet,
      )
    : null;
  // A visitor's page whose frame shows its first data (the newest questions): the server asks itself for that data as
  // a visitor would, and keeps the page as long as the feeds' own cache (cleared by any question write, everywhere).
  // It asks as the visitor whose request found no page, as far as the rate limits know: their app would have asked.
  const loadAs =
    (remoteAddress: string, cookie?: string): LoadData =>
    async (url, locale) => {
      const headers = { 'accept-language': locale, ...(cookie && { cookie }) };
      const response = await app.inject({ method: 'GET', url, remoteAddress, headers });
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
      return response.json();
    };
  const dataFramePage = async (
    pathname: string,
    locale: Locale,
    ip: string,
  ): Promise<PageBytes | undefined> => {
    const route = pageRoute(pathname) as FramedPage | undefined;
    if (!frameRenderer || !indexPage || !route || !frameRenderer.DATA_FRAMES.includes(route))
      return undefined;
    try {
      return await dataFramePages(db).get(`${route}|${locale}`, async () =>
        indexPage(pathname, locale, true, await frameRenderer.renderDataFrame(route, locale, loadAs(ip))),
      );
    } catch (error) {
      app.log.warn(`No frame with data for ${route} (${locale}): ${(error as Error).message}`);
      return undefined;
    }
  };
  // A signed-in member's page, drawn for them on each request (their header, their marks on the first data): their
  // session was read as for an API request. None when the page has no member frame or its render fails.
  const memberFramePage = async (request: FastifyRequest, locale: Locale): Promise<PageBytes | undefined> => {
    const pathname = requestPath(request);
    const route = pageRoute(pathname);
    if (!frameRenderer || !indexPage || !request.user || !route || !MEMBER_FRAMED_PAGES.includes(route))
      return undefined;
    const user = toPublicUser(request.user);
    const withData = frameRenderer.MEMBER_DATA_FRAMES.includes(route);
    const load = loadAs(request.ip, request.headers.cookie);
    try {
      // Without its data (a question since deleted), the page keeps its frame.
      const frame = (withData &&
        (await frameRenderer.renderDataFrame(pathname, locale, load, user).catch(() => undefined))) || {
        ...(await frameRenderer.renderFrame(pathname, locale, user)),
        data: '',
      };
      return indexPage(pathname, locale, true, frame, user);
    } catch (error) {
      app.log.warn(`No member frame for ${route} (${locale}): ${(error as Error).message}`);
      return undefined;
    }
  };
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = requestPath(request);
    if (pathname.startsWith('/api/') || pathname === '/api' || !clientDir || request.method !== 'GET') {
      throw errors.notFound();
    }
    // Every page is the single-page app; paths it does not know get its 404 page with a 404 status.
    const accepted = String(request.headers['accept-encoding'] ?? '');
    // The reader's language: the cookie the app sets when it starts or switches, else the browser's languages.
    const chosen = request.cookies[STORAGE_KEYS.language];
    const locale = isLocale(chosen) ? chosen : localeFromAcceptLanguage(request.headers['accept-language']);
    // A visitor's first screen is the same for everyone unless the address asks for more (a search, a filter).
    const visitor = !request.cookies[cookieName(config)] && !request.url.includes('?');
    const member = !request.url.includes('?') && (await memberFramePage(request, locale));
    const page =
      member ||
      (visitor && (await dataFramePage(pathname, locale, request.ip))) ||
      indexPage!(pathname, locale, visitor);
    const encoding = (['br', 'gzip'] as const).find((name) => page[name] && accepted.includes(name));
    reply
      .code(isPagePath(pathname) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', member ? 'private, no-store' : 'no-cache')
      .header('vary', 'accept-encoding, accept-language, cookie');
    if (encoding) reply.header('content-encoding', encoding);
    // Their address carries a token until the page takes it out: no other site may learn it as a referrer.
    if (LINK_PAGES.has(pageRoute(pathname))) reply.header('referrer-policy', 'no-referrer');
    return reply.send(encoding ? page[encoding] : page.identity);
  });

  return app;
}
