import { z } from 'zod';
import { publish } from '../../realtime/bus';
import type { Database } from '../../db/client';

/**
 * Chat's events on the realtime bus. They carry ids and numbers only (PostgreSQL limits a payload to 8,000 bytes,
 * and texts stay in the database); `u` names the people whose sockets should hear of it.
 */
export const chatEventSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('message'), c: z.string(), m: z.string(), u: z.array(z.string()) }),
  z.object({ t: z.literal('typing'), c: z.string(), by: z.string(), u: z.array(z.string()) }),
  z.object({ t: z.literal('read'), c: z.string(), by: z.string(), seq: z.number(), u: z.array(z.string()) }),
  z.object({ t: z.literal('conversation'), c: z.string(), u: z.array(z.string()) }),
  /** A session of this user ended (migration 0006's trigger on sessions): their sockets are checked again. */
  z.object({ t: z.literal('auth'), u: z.string() }),
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;

type Executor = Pick<Database, 'execute'>;

/** In a transaction, the event is heard when it commits. */
export const publishChatEvent = (db: Executor, event: ChatEvent) => publish(db, event);
