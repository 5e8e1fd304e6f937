import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData } from 'ws';
import { clientFrameSchema, type ServerFrame } from '../../../shared/schemas/chat';
import type { Locale } from '../../../shared/constants';
import { messageKey, translate } from '../../../shared/i18n';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { messages, sessions } from '../../db/schema';
import { AppError, errors } from '../../errors';
import { findSession, isCrossSite, sessionToken, type SessionUser } from '../../plugins/auth';
import { requestLocale } from '../../plugins/errors';
import type { EventBus } from '../../realtime/bus';
import { CLOSE, type Connection, type SocketHub } from '../../realtime/socket-hub';
import { conversationOf, peopleOf } from './access';
import { chatEventSchema, publishChatEvent, type ChatEvent } from './events';
import { sendMessage, toMessage } from './messages';

/** The chat limit a message counts against, whether it comes over REST or the socket. */
export const messageRateLimit = (config: Config) => ({
  name: 'chat-message',
  max: config.rateLimits.chatMessagesPerSecond,
  windowMs: 1000,
});
/** Typing notices a socket relays at most this often per conversation. */
const TYPING_INTERVAL_MS = 1_500;

/** What the chat knows of a socket: its reader's language and the conversations it joined (with their people). */
type SocketState = { locale: Locale; rooms: Map<string, { people: string[]; lastTyping: number }> };

declare module 'fastify' {
  interface FastifyRequest {
    socketSession?: { user: SessionUser; sessionId: string };
  }
}

/**
 * `/ws`: the session decides who is speaking (cookie in browsers, `Authorization: Bearer` elsewhere), checked on
 * upgrade with the origin; then `join`, `leave`, `typing` and `send` frames. Every socket of both participants hears
 * a conversation's messages, reads and changes, joined or not (unread counts need them); `typing` reaches the
 * sockets that joined.
 */
export function registerChatSocket(
  app: FastifyInstance,
  opts: { db: Database; config: Config; hub: SocketHub; bus: EventBus },
) {
  const { db, config, hub, bus } = opts;
  const states = new WeakMap<Connection, SocketState>();

  const errorFrame = (connection: Connection, error: unknown, extra: Partial<ServerFrame> = {}) => {
    const known = error instanceof AppError;
    if (!known) app.log.error({ err: error }, 'chat socket frame failed');
    const answer = known ? error : errors.internal();
    hub.send(connection, {
      type: 'error',
      code: answer.code,
      message: translate(states.get(connection)?.locale ?? 'en', answer.messageKey, answer.values),
      ...extra,
    });
  };

  const handleFrame = async (connection: Connection, user: SessionUser, data: RawData) => {
    let json: unknown;
    try {
      json = JSON.parse(data.toString());
    } catch {
      return errorFrame(connection, errors.badFrame());
    }
    const parsed = clientFrameSchema.safeParse(json);
    if (!parsed.success) {
      const key = messageKey(parsed.error.issues[0]?.message, 'chat.badFrame');
      return errorFrame(connection, errors.validation(key));
    }
    const frame = parsed.data;
    const { rooms } = states.get(connection)!;
    const extra = { conversationId: frame.conversationId };
    try {
      switch (frame.type) {
        case 'join': {
          const conversation = await conversationOf(db, frame.conversationId, user.id);
          rooms.set(frame.conversationId, { people: peopleOf(conversation), lastTyping: 0 });
          return hub.send(connection, { type: 'joined', conversationId: frame.conversationId });
        }
        case 'leave':
          rooms.delete(frame.conversationId);
          return;
        case 'typing': {
          const room = rooms.get(frame.conversationId);
          if (!room) throw errors.notParticipant();
          if (Date.now() - room.lastTyping < TYPING_INTERVAL_MS) return;
          room.lastTyping = Date.now();
          return publishChatEvent(db, { t: 'typing', c: frame.conversationId, by: user.id, u: room.people });
        }
        case 'send': {
          const wait = await app.takeRateLimit(messageRateLimit(config), user.id);
          if (wait !== undefined) throw errors.tooManyRequests('chat.tooFast', wait);
          await sendMessage(db, frame.conversationId, user, frame);
          return;
        }
      }
    } catch (error) {
      errorFrame(connection, error, {
        ...extra,
        ...('clientId' in frame ? { clientId: frame.clientId } : {}),
      });
    }
  };

  app.get(
    '/ws',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request: FastifyRequest) => {
        if (isCrossSite(request, config)) throw errors.crossOrigin();
        const { token } = sessionToken(request, config);
        const found = token ? await findSession(db, token) : undefined;
        if (!found) throw errors.unauthorized();
        request.socketSession = { user: found.user, sessionId: found.session.id };
      },
    },
    (socket, request) => {
      const { user, sessionId } = request.socketSession!;
      const connection = hub.add(user.id, sessionId, socket);
      states.set(connection, {
        locale: request.headers['accept-language'] ? requestLocale(request) : user.locale,
        rooms: new Map(),
      });
      // One frame after another, in the order they came: a `typing` or `send` right after a `join` finds the room
      // joined, as the client that sent them expects.
      let frames = Promise.resolve();
      socket.on('message', (data: RawData) => {
        frames = frames
          .then(() => handleFrame(connection, user, data))
          .catch((error: unknown) => errorFrame(connection, error))
          .catch((error: unknown) => app.log.warn({ err: error }, 'chat socket error not sent'));
      });
      hub.send(connection, { type: 'hello', connectionId: connection.id });
    },
  );

  /** Sends what an event means to the sockets on this instance that should hear it. */
  const deliver = async (event: ChatEvent) => {
    switch (event.t) {
      case 'message': {
        const listeners = event.u.filter((userId) => hub.hasUser(userId));
        if (listeners.length === 0) return;
        const [row] = await db.select().from(messages).where(eq(messages.id, event.m)).limit(1);
        if (!row) return;
        const frame: ServerFrame = { type: 'new_message', conversationId: event.c, message: toMessage(row) };
        for (const userId of listeners) hub.sendToUser(userId, frame);
        return;
      }
      case 'typing':
        for (const userId of event.u) {
          if (userId === event.by) continue;
          hub.sendToUser(
            userId,
            { type: 'typing', conversationId: event.c, userId: event.by },
            (connection) => Boolean(states.get(connection)?.rooms.has(event.c)),
          );
        }
        return;
      case 'read':
        for (const userId of event.u)
          hub.sendToUser(userId, { type: 'read', conversationId: event.c, userId: event.by, seq: event.seq });
        return;
      case 'conversation':
        for (const userId of event.u)
          hub.sendToUser(userId, { type: 'conversation', conversationId: event.c });
        return;
      case 'auth': {
        if (!hub.hasUser(event.u)) return;
        const live = await db
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(eq(sessions.userId, event.u), gt(sessions.expiresAt, new Date())));
        const ids = new Set(live.map((row) => row.id));
        for (const connection of [...hub.connectionsOf(event.u)]) {
          if (!ids.has(connection.sessionId)) hub.close(connection, CLOSE.sessionEnded, 'session ended');
        }
        return;
      }
    }
  };

  // One event after another, so a conversation's messages reach each socket in the order they were committed.
  let queue = Promise.resolve();
  bus.onEvent((raw) => {
    const parsed = chatEventSchema.safeParse(raw);
    if (!parsed.success) return;
    queue = queue
      .then(() => deliver(parsed.data))
      .catch((error: unknown) => app.log.warn({ err: error }, 'chat event not delivered'));
  });
  // Events published while the listener was down were not heard: every socket here reconnects and catches up.
  bus.onReconnected(() => hub.closeAll(CLOSE.resync, 'reconnect to catch up'));
}
