import { z } from 'zod';
import type { Database } from '../../db/client';
import { eventKind } from '../../realtime/events';

/**
 * Chat's events on the realtime channel. They carry ids and numbers only (texts stay in the database); `u` names
 * the people whose sockets should hear of it.
 */
const people = z.array(z.string());
export const chatEvents = {
  message: eventKind('message', z.object({ c: z.string(), m: z.string(), u: people })),
  typing: eventKind('typing', z.object({ c: z.string(), by: z.string(), u: people })),
  read: eventKind('read', z.object({ c: z.string(), by: z.string(), seq: z.number(), u: people })),
  /** A conversation started, closed or was blocked. */
  conversation: eventKind('conversation', z.object({ c: z.string(), u: people })),
};

type Payload<K extends keyof typeof chatEvents> = z.infer<(typeof chatEvents)[K]['schema']>;
export type ChatEvent = { [K in keyof typeof chatEvents]: { t: K } & Payload<K> }[keyof typeof chatEvents];

/** In a transaction, the event is heard when it commits. */
export function publishChatEvent(db: Pick<Database, 'execute'>, event: ChatEvent): Promise<void> {
  const { t, ...payload } = event;
  return (
    chatEvents[t] as { publish: (db: Pick<Database, 'execute'>, payload: object) => Promise<void> }
  ).publish(db, payload);
}
