import type { z } from 'zod';
import type { Database } from '../db/client';
import { publish } from './bus';

type Executor = Pick<Database, 'execute'>;

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

/** Declares a kind; a name is declared once in the whole app. */
export function eventKind<T extends object>(name: string, schema: z.ZodType<T>): EventKind<T> {
  if (kinds.has(name)) throw new Error(`event kind ${name} declared twice`);
  const kind: EventKind<T> = {
    name,
    schema,
    publish: (db, payload) => publish(db, { ...payload, t: name }),
  };
  kinds.set(name, kind as EventKind<object>);
  return kind;
}

/** The kind an event on the wire belongs to, with its payload checked; undefined for anything else. */
export function parseEvent(
  raw: Record<string, unknown>,
): { kind: EventKind<object>; payload: object } | undefined {
  const kind = typeof raw.t === 'string' ? kinds.get(raw.t) : undefined;
  if (!kind) return undefined;
  const parsed = kind.schema.safeParse(raw);
  return parsed.success ? { kind, payload: parsed.data } : undefined;
}
