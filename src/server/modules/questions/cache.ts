import type { Database } from '../../db/client';
import { publish, type EventBus } from '../../realtime/bus';

/**
 * A short-lived cache of the feeds' first pages. Every write to questions, replies or likes clears it,
 * so readers see their own changes at once; the time limit only bounds staleness across instances.
 * Concurrent misses for one key share a single database read.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; expires: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 200,
  ) {}

  async get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const generation = this.generation;
    const value = load();
    this.entries.set(key, { value, expires: now + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    value.catch(() => this.entries.delete(key));
    const result = await value;
    // A write during the read: the answer is still right for this request, but not worth keeping.
    if (generation !== this.generation) this.entries.delete(key);
    return result;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

/** How to clear each question cache for one database. */
const clearers: ((db: Database) => void)[] = [];

/** A cache of question reads, one per database (apps on different databases never share entries). */
export function perDatabaseCache<T>(ttlMs: number, maxEntries?: number): (db: Database) => TtlCache<T> {
  const byDb = new WeakMap<Database, TtlCache<T>>();
  clearers.push((db) => byDb.get(db)?.clear());
  return (db) => {
    let cache = byDb.get(db);
    if (!cache) {
      cache = new TtlCache<T>(ttlMs, maxEntries);
      byDb.set(db, cache);
    }
    return cache;
  };
}

export function clearCaches(db: Database): void {
  for (const clear of clearers) clear(db);
}

const QUESTIONS_CHANGED = { t: 'questions' } as const;

/**
 * Every write to questions, replies, likes or voice notes (and to what their badges show) clears every question
 * cache of its database, here at once and on every other instance through the realtime bus.
 */
export async function questionsChanged(db: Database): Promise<void> {
  clearCaches(db);
  await publish(db, QUESTIONS_CHANGED);
}

/** Clears this instance's caches when another instance (or this one) says the questions changed. */
export function clearCachesOnEvents(db: Database, bus: EventBus): void {
  bus.onEvent((event) => {
    if (event.t === QUESTIONS_CHANGED.t) clearCaches(db);
  });
  // Events missed while the bus was reconnecting: start afresh.
  bus.onReconnected(() => clearCaches(db));
}
