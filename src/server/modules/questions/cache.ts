import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { clearCaches, holdCaches, releaseCaches, type ContentChange } from '../../lib/ttl-cache';
import type { EventBus } from '../../realtime/bus';
import { onPublishing, type EventKind } from '../../realtime/events';
import { questionPosted, questionsChanged, replyPosted } from './events';

type Executor = Pick<Database, 'execute'>;

/** The events that change what the question caches hold, and what each changes. */
const changes = new Map<EventKind<object>, (payload: object) => ContentChange>([
  [questionPosted as EventKind<object>, () => 'content'],
  [replyPosted as EventKind<object>, () => 'content'],
  [questionsChanged as EventKind<object>, (payload) => (payload as { change: ContentChange }).change],
]);

/** One write's token: the same on the instance that publishes it and when it is heard back. */
const tokenOf = (kind: EventKind<object>, payload: object) =>
  `${kind.name}:${JSON.stringify(Object.entries(payload).sort(([a], [b]) => a.localeCompare(b)))}`;

// A write published here holds this instance's caches open until it is heard back (lib/ttl-cache.ts).
onPublishing((kind, payload) => {
  const change = changes.get(kind);
  if (change) holdCaches(tokenOf(kind, payload), change(payload));
});

/** In the write's transaction: the question caches of every instance empty once it commits. */
export function publishQuestionsChanged(tx: Executor, change: ContentChange = 'content'): Promise<void> {
  return questionsChanged.publish(tx, { change, n: randomUUID() });
}

/** Empties this instance's caches of a database as each write to its questions is heard, from any instance. */
export function clearCachesOnEvents(db: Database, bus: EventBus): void {
  bus.onEvent(({ kind, payload }) => {
    const change = changes.get(kind);
    if (!change) return;
    clearCaches(db, change(payload));
    releaseCaches(tokenOf(kind, payload));
  });
  // Events missed while the bus was reconnecting: start afresh.
  bus.onReconnected(() => clearCaches(db));
}
