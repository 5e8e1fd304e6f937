import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/client';

type Executor = Pick<Database, 'execute'>;

/** The one channel every app instance listens on (migrations' triggers write to it too). */
export const EVENTS_CHANNEL = 'mentorme_events';

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more: events carry ids, never texts. */
const MAX_PAYLOAD_BYTES = 7_999;

/**
 * Sends an event to every instance. Inside a transaction PostgreSQL delivers it only when the transaction commits
 * (and never if it rolls back), so listeners never hear of a row they cannot read yet. Only a kind's `publish` calls
 * it: every event on the bus has a kind and a schema.
 */
async function send(db: Executor, event: object): Promise<void> {
  const payload = JSON.stringify(event);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error('event payload over 8,000 bytes');
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
}

/** Hears each kind's publishing on this instance, before it commits (the question caches hold off meanwhile). */
const publishing = new Set<(kind: EventKind<object>, payload: object) => void>();

/**
 * A kind of event that a module publishes on the bus and any module may hear: its name (`t` on the wire) and the
 * shape of the rest. Events carry ids and numbers, never texts (PostgreSQL limits a payload to 8,000 bytes).
 */
export type EventKind<T extends object> = {
  readonly name: string;
  readonly schema: z.ZodType<T>;
  /** Inside a transaction, heard on every instance once it commits, and never if it rolls back. */
  publish(db: Executor, payload: T): Promise<void>;
};

const kinds = new Map<string, EventKind<object>>();

/**
 * Declares a kind; a name is declared once in the whole app. A kind that a database trigger publishes (sessions,
 * users, marks) is declared too, with the trigger's name and shape.
 */
export function eventKind<T extends object>(name: string, schema: z.ZodType<T>): EventKind<T> {
  if (kinds.has(name)) throw new Error(`event kind ${name} declared twice`);
  const kind: EventKind<T> = {
    name,
    schema,
    publish: async (db, payload) => {
      for (const hear of publishing) hear(kind as EventKind<object>, payload);
      await send(db, { ...payload, t: name });
    },
  };
  kinds.set(name, kind as EventKind<object>);
  return kind;
}

/** Runs `hear` as this instance publishes each event, before any listener hears it. */
export function onPublishing(hear: (kind: EventKind<object>, payload: object) => void): void {
  publishing.add(hear);
}

/** An event as heard: its kind and its checked payload. */
export type HeardEvent = { kind: EventKind<object>; payload: object };

/** Whether a heard event is of a kind, with its payload typed. */
export function isKind<T extends object>(
  event: HeardEvent,
  kind: EventKind<T>,
): event is { kind: EventKind<object>; payload: T } {
  return event.kind === (kind as EventKind<object>);
}

/** The kind an event on the wire belongs to, with its payload checked; undefined for anything else. */
export function parseEvent(raw: Record<string, unknown>): HeardEvent | undefined {
  const kind = typeof raw.t === 'string' ? kinds.get(raw.t) : undefined;
  if (!kind) return undefined;
  const parsed = kind.schema.safeParse(raw);
  return parsed.success ? { kind, payload: parsed.data } : undefined;
}
