import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { NotificationsPage } from '../../../shared/schemas/notifications';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { EventBus } from '../../realtime/bus';
import { notificationsChanged } from './events';

/** Anyone who can call the API: a bearer token's headers. */
type Caller = { headers: Record<string, string> };

/** Thin wrappers around app.inject for the bell's API. */
export function bellApi(app: FastifyInstance) {
  return {
    async page(who: Caller, cursor?: string, headers: Record<string, string> = {}) {
      const query = cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`;
      const response = await app.inject({
        method: 'GET',
        url: `/api/notifications${query}`,
        headers: { ...who.headers, ...headers },
      });
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
      return response.json<NotificationsPage>();
    },
    read: (who: Caller | null, payload: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/notifications/read',
        headers: who?.headers ?? {},
        payload: payload as object,
      }),
    follow: (who: Caller | null, questionId: string, following: boolean) =>
      app.inject({
        method: following ? 'PUT' : 'DELETE',
        url: `/api/questions/${questionId}/follow`,
        headers: who?.headers ?? {},
      }),
  };
}

/** A person's notification rows, oldest first, as stored. */
export const rowsOf = (db: Database, userId: string) =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));

export type BellEvent = { u?: string[]; e?: string };

/**
 * The bell's events (and all others) as another instance hears them: a listener of its own on the database's
 * channel, started before the file's tests and stopped after them. `clear()` forgets what it heard so far.
 */
export function useBellEvents(database: () => Database) {
  const heard: BellEvent[] = [];
  /** Every event of any kind, as sent. */
  const all: Record<string, unknown>[] = [];
  let bus: EventBus | undefined;
  beforeAll(async () => {
    bus = EventBus.forDatabase(database(), { warn: () => undefined });
    bus.onEvent((event) => {
      all.push({ ...event.payload, t: event.kind.name });
      if (event.kind === notificationsChanged) heard.push(event.payload as BellEvent);
    });
    await bus.start();
  });
  afterAll(() => bus?.stop());
  return {
    heard,
    all,
    clear: () => {
      heard.splice(0);
      all.splice(0);
    },
    /** Everyone the events named so far. */
    named: () => new Set(heard.flatMap((event) => event.u ?? [])),
  };
}

/** A person's newest session, as a value to insert: a push subscription straight into the table belongs to one. */
export const latestSession = (userId: string) =>
  sql<string>`(select id from sessions where user_id = ${userId} order by created_at desc limit 1)`;
