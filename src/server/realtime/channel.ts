import fastifyWebsocket from '@fastify/websocket';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { translate } from '../../shared/i18n';
import { watchFrameSchema } from '../../shared/schemas/notifications';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';
import { AppError, errors } from '../errors';
import {
  MAX_SOCKETS_PER_ADDRESS,
  MAX_SOCKETS_PER_MEMBER,
  MAX_SOCKETS_PER_SESSION,
  MAX_VISITOR_SOCKETS_PER_ADDRESS,
  RATE_LIMITS,
} from '../lib/rate-limits';
import { findSession, isCrossSite, sessionToken, type SessionUser } from '../plugins/auth';
import { requestLocale } from '../plugins/errors';
import type { EventBus } from './bus';
import type { EventKind } from './events';
import { sessionEnded } from './row-events';
import { CLOSE, SocketHub, type Connection } from './socket-hub';

/** The largest frame a socket takes. */
export const MAX_FRAME_BYTES = 16 * 1024;

/** Handles one kind of client frame; `user` is null on a visitor's socket. */
type FrameHandler = (
  connection: Connection,
  user: SessionUser | null,
  frame: unknown,
) => Promise<void> | void;

export type Realtime = {
  readonly hub: SocketHub;
  /** Frames of these `type`s go to the handler; only `visitors: true` ones are taken from visitors' sockets. */
  onFrames(types: string[], handler: FrameHandler, options?: { visitors?: boolean }): void;
  /** Runs for each event of the kind, on every instance, one after another in the order they were heard. */
  on<T extends object>(kind: EventKind<T>, handler: (payload: T) => Promise<void> | void): void;
  /** Sends an error as a frame, in the socket's language; internal errors are logged and hidden. */
  sendError(connection: Connection, error: unknown, extra?: object): void;
};

declare module 'fastify' {
  interface FastifyRequest {
    socketSession?: { user: SessionUser; sessionId: string } | null;
  }
}

/**
 * The app's one realtime channel. `/ws` is a member's socket: its session (cookie in browsers, `Authorization:
 * Bearer` elsewhere) and origin are checked on upgrade. `/ws/public` is a visitor's, for public topics only. Every
 * upgrade counts against the per-address limit first, so bad tokens cost no lookups past it. Modules register the
 * frames they take and the bus events they turn into frames; `watch` and `unwatch` (public topics such as the feed)
 * are handled here. A socket that sends more than its frame budget is closed with 1008.
 */
export async function registerRealtime(
  app: FastifyInstance,
  opts: { db: Database; config: Config; bus: EventBus },
): Promise<Realtime> {
  const { db, config, bus } = opts;
  const hub = new SocketHub();
  // Before the websocket plugin's own closing (registered later), which would close them with no code.
  app.addHook('preClose', async () => hub.stop());
  const frameHandlers = new Map<string, { handler: FrameHandler; visitors: boolean }>();
  const eventHandlers = new Map<string, ((payload: object) => Promise<void> | void)[]>();

  const sendError: Realtime['sendError'] = (connection, error, extra = {}) => {
    const known = error instanceof AppError;
    if (!known) app.log.error({ err: error }, 'socket frame failed');
    const answer = known ? error : errors.internal();
    hub.send(connection, {
      type: 'error',
      code: answer.code,
      message: translate(connection.locale, answer.messageKey, answer.values),
      ...extra,
    });
  };

  const realtime: Realtime = {
    hub,
    onFrames(types, handler, options = {}) {
      for (const type of types) frameHandlers.set(type, { handler, visitors: options.visitors ?? false });
    },
    on(kind, handler) {
      const list = eventHandlers.get(kind.name) ?? [];
      list.push(handler as (payload: object) => Promise<void> | void);
      eventHandlers.set(kind.name, list);
    },
    sendError,
  };

  realtime.onFrames(
    ['watch', 'unwatch'],
    (connection, _user, frame) => {
      const parsed = watchFrameSchema.safeParse(frame);
      if (!parsed.success) throw errors.badFrame();
      const { type, topic } = parsed.data;
      if (!hub.watch(connection, topic, type === 'watch')) throw errors.badFrame();
    },
    { visitors: true },
  );

  const handleFrame = async (connection: Connection, user: SessionUser | null, data: RawData) => {
    let frame: unknown;
    try {
      frame = JSON.parse(data.toString());
    } catch {
      return sendError(connection, errors.badFrame());
    }
    const type = typeof frame === 'object' && frame !== null ? (frame as { type?: unknown }).type : undefined;
    const registered = typeof type === 'string' ? frameHandlers.get(type) : undefined;
    if (!registered) return sendError(connection, errors.badFrame());
    if (!user && !registered.visitors) return sendError(connection, errors.unauthorized());
    await registered.handler(connection, user, frame);
  };

  /** Counts the upgrade against the caller's per-address limit, then checks where it comes from. */
  const admit = async (request: FastifyRequest) => {
    const wait = await app.takeRateLimit(RATE_LIMITS.global, request.ip);
    if (wait !== undefined) throw errors.tooManyRequests(RATE_LIMITS.global.messageKey, wait);
    if (isCrossSite(request, config)) throw errors.crossOrigin();
  };

  const open = (socket: WebSocket, request: FastifyRequest) => {
    const session = request.socketSession ?? null;
    const user = session?.user ?? null;
    const connection = hub.add({
      userId: user?.id ?? null,
      sessionId: session?.sessionId ?? null,
      address: request.ip,
      socket,
      locale: request.headers['accept-language'] || !user ? requestLocale(request) : user.locale,
    });
    // One frame after another, in the order they came: a frame right after a `join` finds the room joined, as the
    // client that sent them expects.
    let frames = Promise.resolve();
    socket.on('message', (data: RawData) => {
      if (!hub.spendFrame(connection)) return hub.close(connection, CLOSE.policyViolation, 'too many frames');
      frames = frames
        .then(() => handleFrame(connection, user, data))
        .catch((error: unknown) => sendError(connection, error))
        .catch((error: unknown) => app.log.warn({ err: error }, 'socket error not sent'));
    });
    hub.send(connection, { type: 'hello', connectionId: connection.id });
    // A sign-out that committed between the upgrade's check and now found no socket to close: look once more.
    if (session)
      void sessionLive(session.sessionId).then(
        (live) => live || hub.close(connection, CLOSE.sessionEnded, 'session ended'),
        (error: unknown) => app.log.warn({ err: error }, 'socket session not checked again'),
      );
  };

  const sessionLive = async (sessionId: string) => {
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())));
    return row !== undefined;
  };

  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    // A frame the protocol refuses (too large, malformed) is the client's doing: ws has already closed the socket
    // with the matching code (1009 for a frame too large), so it is noted, not logged as our error.
    errorHandler: (error, socket, request) => {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code.startsWith('WS_ERR_')) {
        request.log.info({ code }, `socket closed: ${error.message}`);
        return;
      }
      request.log.error({ err: error }, 'socket failed');
      socket.terminate();
    },
  });
  app.get(
    '/ws',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request: FastifyRequest) => {
        await admit(request);
        const { token } = sessionToken(request, config);
        const found = token ? await findSession(db, token) : undefined;
        if (!found) throw errors.unauthorized();
        if (
          hub.sessionSockets(found.user.id, found.session.id) >= MAX_SOCKETS_PER_SESSION ||
          hub.memberSockets(found.user.id) >= MAX_SOCKETS_PER_MEMBER ||
          hub.addressSockets(request.ip) >= MAX_SOCKETS_PER_ADDRESS
        )
          throw errors.tooManyRequests('errors.rateLimited', 60);
        request.socketSession = { user: found.user, sessionId: found.session.id };
      },
    },
    (socket, request) => open(socket, request),
  );
  app.get(
    '/ws/public',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request: FastifyRequest) => {
        await admit(request);
        if (
          hub.visitorSockets(request.ip) >= MAX_VISITOR_SOCKETS_PER_ADDRESS ||
          hub.addressSockets(request.ip) >= MAX_SOCKETS_PER_ADDRESS
        )
          throw errors.tooManyRequests('errors.rateLimited', 60);
        request.socketSession = null;
      },
    },
    (socket, request) => open(socket, request),
  );

  // Ending a session (sign-out, password or role change, deletion) closes its sockets on every instance at once.
  realtime.on(sessionEnded, async ({ u }) => {
    if (!hub.hasUser(u)) return;
    const live = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, u), gt(sessions.expiresAt, new Date())));
    const ids = new Set(live.map((row) => row.id));
    for (const connection of [...hub.connectionsOf(u)]) {
      if (!connection.sessionId || !ids.has(connection.sessionId))
        hub.close(connection, CLOSE.sessionEnded, 'session ended');
    }
  });

  // Events of a kind one after another, so a conversation's messages reach each socket in the order they were
  // committed; each kind in its own line, so a slow one (a bell's counts) holds up no other (typing).
  const queues = new Map<string, Promise<void>>();
  bus.onEvent((event) => {
    const handlers = eventHandlers.get(event.kind.name);
    if (!handlers) return;
    const name = event.kind.name;
    let queue = queues.get(name) ?? Promise.resolve();
    for (const handler of handlers)
      queue = queue
        .then(() => handler(event.payload))
        .catch((error: unknown) => app.log.warn({ err: error, event: name }, 'event not delivered'));
    queues.set(name, queue);
  });
  // Events published while the listener was down were not heard: every socket here reconnects and catches up.
  bus.onReconnected(() => hub.closeAll(CLOSE.resync, 'reconnect to catch up'));
  return realtime;
}
