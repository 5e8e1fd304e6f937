import type { Database } from '../../db/client';
import { publish, type EventBus } from '../../realtime/bus';

/**
 * A short-lived cache of question reads (the feeds' first pages, the question pages, the counts). Every write to
 * questions, replies or likes clears it, so readers see their own changes at once; the time limit bounds staleness
 * after writes that say nothing (a row changed outside the app, a member who signs up).
 * Concurrent misses for one key share a single database read.
 */
type Entry<T> = {
  value: Promise<T>;
  expires: number;
  /** The last value read, answered while a newer one is read (`stale` caches). */
  last?: { value: T };
  refreshing?: boolean;
};

export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private generation = 0;

  /**
   * `stale`: an entry past its time, or cleared by a write, is still answered while one read in the background
   * replaces it (counts that take long to make at scale: every reader gets an answer at once, a moment late).
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 200,
    private readonly stale = false,
  ) {}

  async get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (this.stale && hit?.last) {
      if (!hit.refreshing) void this.refresh(key, load, hit);
      return hit.last.value;
    }
    const generation = this.generation;
    const value = load();
    this.entries.set(key, { value, expires: now + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    value.catch(() => this.entries.delete(key));
    const result = await value;
    // A write during the read: the answer is still right for this request, but not worth keeping as fresh.
    const fresh = generation === this.generation;
    if (this.stale) this.keep(key, result, fresh ? now + this.ttlMs : 0);
    else if (!fresh) this.entries.delete(key);
    return result;
  }

  clear(): void {
    this.generation += 1;
    if (!this.stale) return this.entries.clear();
    for (const [key, entry] of this.entries) {
      if (entry.last) entry.expires = 0;
      else this.entries.delete(key);
    }
  }

  private async refresh(key: string, load: () => Promise<T>, entry: Entry<T>): Promise<void> {
    entry.refreshing = true;
    const generation = this.generation;
    const started = Date.now();
    try {
      const result = await load();
      this.keep(key, result, generation === this.generation ? started + this.ttlMs : 0);
    } catch {
      // The last value stays; the next reader tries again.
    } finally {
      entry.refreshing = false;
    }
  }

  private keep(key: string, value: T, expires: number): void {
    this.entries.set(key, { value: Promise.resolve(value), expires, last: { value } });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

/**
 * What a write changed: `likes` when only a question's upvotes moved, `content` for everything else (questions,
 * replies, deletions, what the badges show), which may move the counts of questions and answers too.
 */
export type QuestionsChange = 'content' | 'likes';

/**
 * How long counts of questions and answers (the categories', the community's) are kept: every write that moves them
 * clears them on every instance; this bounds what nothing announces, such as a new member or a deleted account.
 */
export const COUNTS_TTL_MS = 60_000;

/** How to clear each question cache for one database, and whether a like leaves it as it is. */
const clearers: { clear: (db: Database) => void; keptOnLikes: boolean }[] = [];

/**
 * A cache of question reads, one per database (apps on different databases never share entries). `keptOnLikes`:
 * it holds counts that a like does not move (the categories' counts), so likes, the most frequent write, do not make
 * every instance count again. `byTimeOnly`: writes leave it as it is, it is read again when its time is up (with
 * `stale`, in the background): for counts that are costly at scale and need not move with every write.
 */
export function perDatabaseCache<T>(
  ttlMs: number,
  maxEntries?: number,
  options: { keptOnLikes?: boolean; stale?: boolean; byTimeOnly?: boolean } = {},
): (db: Database) => TtlCache<T> {
  const byDb = new WeakMap<Database, TtlCache<T>>();
  if (!options.byTimeOnly)
    clearers.push({ clear: (db) => byDb.get(db)?.clear(), keptOnLikes: options.keptOnLikes ?? false });
  return (db) => {
    let cache = byDb.get(db);
    if (!cache) {
      cache = new TtlCache<T>(ttlMs, maxEntries, options.stale ?? false);
      byDb.set(db, cache);
    }
    return cache;
  };
}

export function clearCaches(db: Database, change: QuestionsChange = 'content'): void {
  for (const { clear, keptOnLikes } of clearers) {
    if (change === 'content' || !keptOnLikes) clear(db);
  }
}

const QUESTIONS_CHANGED = { t: 'questions' } as const;

/**
 * Every write to questions, replies, likes or voice notes (and to what their badges show) clears the question
 * caches of its database, here at once and on every other instance through the realtime bus.
 */
export async function questionsChanged(db: Database, change: QuestionsChange = 'content'): Promise<void> {
  clearCaches(db, change);
  await publish(db, change === 'content' ? QUESTIONS_CHANGED : { ...QUESTIONS_CHANGED, change });
}

/** Clears this instance's caches when another instance (or this one) says the questions changed. */
export function clearCachesOnEvents(db: Database, bus: EventBus): void {
  bus.onEvent((event) => {
    // Anything but a word that only likes moved clears everything: an event from an older instance included.
    if (event.t === QUESTIONS_CHANGED.t) clearCaches(db, event.change === 'likes' ? 'likes' : 'content');
  });
  // Events missed while the bus was reconnecting: start afresh.
  bus.onReconnected(() => clearCaches(db));
}
