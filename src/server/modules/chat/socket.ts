import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { clientFrameSchema, type ServerFrame } from '../../../shared/schemas/chat';
import { messageKey } from '../../../shared/i18n';
import type { Database } from '../../db/client';
import { messages } from '../../db/schema';
import { errors } from '../../errors';
import { RATE_LIMITS } from '../../lib/rate-limits';
import type { SessionUser } from '../../plugins/auth';
import type { Realtime } from '../../realtime/channel';
import type { Connection } from '../../realtime/socket-hub';
import { conversationOf, peopleOf } from './access';
import { chatEvents, publishChatEvent } from './events';
import { sendMessage, toMessage } from './messages';

/** Typing notices a socket relays at most this often per conversation. */
const TYPING_INTERVAL_MS = 1_500;

/** The conversations a socket joined, with their people. */
type Rooms = Map<string, { people: string[]; lastTyping: number }>;

/**
 * Chat on the realtime channel: `join`, `leave`, `typing` and `send` frames from members' sockets. Every socket of
 * both participants hears a conversation's messages, reads and changes, joined or not (unread counts need them);
 * `typing` reaches the sockets that joined, and only while the conversation is open (a block closes it).
 */
export function registerChatSocket(
  realtime: Realtime,
  opts: { db: Database; takeRateLimit: FastifyInstance['takeRateLimit'] },
) {
  const { db, takeRateLimit } = opts;
  const { hub } = realtime;
  const roomsOf = new WeakMap<Connection, Rooms>();
  const rooms = (connection: Connection) => {
    let found = roomsOf.get(connection);
    if (!found) roomsOf.set(connection, (found = new Map()));
    return found;
  };

  const handleFrame = async (connection: Connection, user: SessionUser, json: unknown) => {
    const parsed = clientFrameSchema.safeParse(json);
    if (!parsed.success) {
      const key = messageKey(parsed.error.issues[0]?.message, 'chat.badFrame');
      return realtime.sendError(connection, errors.validation(key));
    }
    const frame = parsed.data;
    try {
      switch (frame.type) {
        case 'join': {
          const conversation = await conversationOf(db, frame.conversationId, user.id);
          rooms(connection).set(frame.conversationId, { people: peopleOf(conversation), lastTyping: 0 });
          return hub.send(connection, { type: 'joined', conversationId: frame.conversationId });
        }
        case 'leave':
          rooms(connection).delete(frame.conversationId);
          return;
        case 'typing': {
          const room = rooms(connection).get(frame.conversationId);
          if (!room) throw errors.notParticipant();
          if (Date.now() - room.lastTyping < TYPING_INTERVAL_MS) return;
          room.lastTyping = Date.now();
          const conversation = await conversationOf(db, frame.conversationId, user.id);
          if (conversation.status !== 'active') throw errors.conversationClosed();
          return publishChatEvent(db, { t: 'typing', c: frame.conversationId, by: user.id, u: room.people });
        }
        case 'send': {
          // The limit a message sent over REST counts against too.
          const wait = await takeRateLimit(RATE_LIMITS.chatMessage, user.id);
          if (wait !== undefined) throw errors.tooManyRequests(RATE_LIMITS.chatMessage.messageKey, wait);
          await sendMessage(db, frame.conversationId, user, frame);
          return;
        }
      }
    } catch (error) {
      realtime.sendError(connection, error, {
        conversationId: frame.conversationId,
        ...('clientId' in frame ? { clientId: frame.clientId } : {}),
      });
    }
  };
  realtime.onFrames(['join', 'leave', 'typing', 'send'], (connection, user, json) =>
    handleFrame(connection, user!, json),
  );

  realtime.on(chatEvents.message, async (event) => {
    const listeners = hub.usersHere(event.u);
    if (listeners.length === 0) return;
    const [row] = await db.select().from(messages).where(eq(messages.id, event.m)).limit(1);
    if (!row) return;
    const frame: ServerFrame = { type: 'new_message', conversationId: event.c, message: toMessage(row) };
    for (const userId of listeners) hub.sendToUser(userId, frame);
  });
  realtime.on(chatEvents.typing, (event) => {
    for (const userId of event.u) {
      if (userId === event.by) continue;
      hub.sendToUser(userId, { type: 'typing', conversationId: event.c, userId: event.by }, (connection) =>
        Boolean(roomsOf.get(connection)?.has(event.c)),
      );
    }
  });
  // The reader's own sockets always hear their read mark (their other tabs' unread counts); the other person only
  // while the conversation is open, so a closed or blocked conversation tells nothing more.
  realtime.on(chatEvents.read, async (event) => {
    const others = hub.usersHere(event.u.filter((userId) => userId !== event.by));
    const frame = { type: 'read', conversationId: event.c, userId: event.by, seq: event.seq };
    hub.sendToUser(event.by, frame);
    if (others.length === 0) return;
    const conversation = await conversationOf(db, event.c, event.by).catch(() => undefined);
    if (conversation?.status !== 'active') return;
    for (const userId of others) hub.sendToUser(userId, frame);
  });
  realtime.on(chatEvents.conversation, (event) => {
    for (const userId of event.u) hub.sendToUser(userId, { type: 'conversation', conversationId: event.c });
  });
}
