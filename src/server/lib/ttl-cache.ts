/** What a cache is kept per: the database handle, so tests on several databases each have their own. */
type CacheOwner = object;

/**
 * What a write changed: `likes` when only a question's upvotes moved, `content` for everything else (questions,
 * replies, deletions, what the badges show), which may move the counts of questions and answers too.
 */
export type ContentChange = 'content' | 'likes';

/**
 * Which writes empty a cache: `all` of them, `content` only (counts a like does not move), or `none` (it is read
 * again when its time is up).
 */
type Watch = 'all' | 'content' | 'none';

/**
 * How long this instance holds its caches open for a write it published and has not heard back yet: the write's
 * transaction rolled back, or the bus is down. Measured on the monotonic clock, which tests that stop `Date` leave
 * running.
 */
const HOLD_MS = 2_000;

/** Writes announced on this instance, by token, not yet heard back from the bus. */
const held = new Map<string, { change: ContentChange; until: number }>();
/** How many writes of each kind were announced here: a cache kept before one is stale. */
const announced = { content: 0, likes: 0 };

const watches = (watch: Watch, change: ContentChange) =>
  watch === 'all' || (watch === 'content' && change === 'content');

/**
 * A write is on its way (published in a transaction not yet committed): until it is heard back, caches that it
 * empties read through and keep nothing, so its writer, reading next, sees it.
 */
export function holdCaches(token: string, change: ContentChange): void {
  held.set(token, { change, until: performance.now() + HOLD_MS });
  announced[change] += 1;
}

/** The write was heard back from the bus: it is committed, and the caches were emptied after it. */
export function releaseCaches(token: string): void {
  held.delete(token);
}

function holding(watch: Watch): boolean {
  if (watch === 'none' || held.size === 0) return false;
  const now = performance.now();
  let found = false;
  for (const [token, hold] of held) {
    if (hold.until <= now) held.delete(token);
    else if (watches(watch, hold.change)) found = true;
  }
  return found;
}

const stampOf = (watch: Watch) =>
  watch === 'none' ? 0 : announced.content + (watch === 'all' ? announced.likes : 0);

type Entry<T> = {
  value: Promise<T>;
  expires: number;
  /** The last value read, answered while a newer one is read (`stale` caches). */
  last?: { value: T };
  refreshing?: boolean;
};

/**
 * A short-lived cache of reads (the feeds' first pages, the question pages, the counts). Every write to what it holds
 * empties it, so readers see their own changes at once; the time limit bounds staleness after writes that say
 * nothing (a row changed outside the app, a member who signs up). Concurrent misses for one key share a single
 * database read.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private generation = 0;
  private seen: number;

  /**
   * `stale`: an entry past its time, or cleared by a write, is still answered while one read in the background
   * replaces it (counts that take long to make at scale: every reader gets an answer at once, a moment late).
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 200,
    private readonly stale = false,
    private readonly watch: Watch = 'none',
  ) {
    this.seen = stampOf(watch);
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    this.sync();
    if (holding(this.watch)) return load();
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
    this.sync();
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

  /** Empties the cache when this instance announced a write it watches since it last looked. */
  private sync(): void {
    const stamp = stampOf(this.watch);
    if (stamp === this.seen) return;
    this.seen = stamp;
    this.clear();
  }

  private async refresh(key: string, load: () => Promise<T>, entry: Entry<T>): Promise<void> {
    entry.refreshing = true;
    const generation = this.generation;
    const started = Date.now();
    try {
      const result = await load();
      this.sync();
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
 * How long counts of questions and answers (the categories', the community's) are kept: every write that moves them
 * clears them on every instance; this bounds what nothing announces, such as a new member or a deleted account.
 */
export const COUNTS_TTL_MS = 60_000;

/** How to clear each cache for one database, and which writes it watches. */
const clearers: { clear: (db: CacheOwner) => void; watch: Watch }[] = [];

/**
 * A cache of reads, one per database (apps on different databases never share entries). `keptOnLikes`: it holds
 * counts that a like does not move (the categories' counts), so likes, the most frequent write, do not make every
 * instance count again. `byTimeOnly`: writes leave it as it is, it is read again when its time is up (with `stale`,
 * in the background): for counts that are costly at scale and need not move with every write.
 */
export function perDatabaseCache<T>(
  ttlMs: number,
  maxEntries?: number,
  options: { keptOnLikes?: boolean; stale?: boolean; byTimeOnly?: boolean } = {},
): (db: CacheOwner) => TtlCache<T> {
  const byDb = new WeakMap<CacheOwner, TtlCache<T>>();
  const watch: Watch = options.byTimeOnly ? 'none' : options.keptOnLikes ? 'content' : 'all';
  if (watch !== 'none') clearers.push({ clear: (db) => byDb.get(db)?.clear(), watch });
  return (db) => {
    let cache = byDb.get(db);
    if (!cache) {
      cache = new TtlCache<T>(ttlMs, maxEntries, options.stale ?? false, watch);
      byDb.set(db, cache);
    }
    return cache;
  };
}

/** Empties one database's caches that a change moves (an event of another instance, or a reconnected bus). */
export function clearCaches(db: CacheOwner, change: ContentChange = 'content'): void {
  for (const { clear, watch } of clearers) if (watches(watch, change)) clear(db);
}
