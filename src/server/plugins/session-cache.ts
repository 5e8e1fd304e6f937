import type { sessions, users } from '../db/schema';

export type SessionRow = { session: typeof sessions.$inferSelect; user: typeof users.$inferSelect };

/** How long a session read is kept: events end it sooner, this bounds what none announces. */
export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;

type Entry = { row: SessionRow; until: number };

/**
 * Session token (its hash) → the session and its user, kept in this instance for a short while, so a signed-in
 * request needs no database read to say who asks. Every instance drops a person's entries the moment it hears that
 * one of their sessions ended (the `sessions` trigger: sign-out, password or role change, deletion, expiry swept) or
 * that their row changed (the `users` trigger); while the bus is not live (down, or silent for a second) nothing is
 * kept or answered from here, so a revoked session is refused at once where its event was heard, and within a
 * second where it could not be.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  /** Moves on every drop: a read that began before one is not kept. */
  private generation = 0;

  constructor(
    private readonly live: () => boolean,
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The kept session of a token hash, when it may be trusted now. */
  get(tokenHash: string): SessionRow | undefined {
    if (!this.live()) {
      if (this.entries.size) this.clear();
      return undefined;
    }
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    const now = this.now();
    if (entry.until <= now || entry.row.session.expiresAt.getTime() <= now) {
      this.forget(tokenHash, entry.row.user.id);
      return undefined;
    }
    return entry.row;
  }

  /** Marks the start of a database read; `set` keeps its answer only if nothing was dropped meanwhile. */
  begin(): number {
    return this.generation;
  }

  set(tokenHash: string, row: SessionRow, begun: number): void {
    if (begun !== this.generation || !this.live()) return;
    if (this.entries.size >= MAX_ENTRIES) this.clear();
    this.entries.set(tokenHash, { row, until: this.now() + this.ttlMs });
    let hashes = this.byUser.get(row.user.id);
    if (!hashes) this.byUser.set(row.user.id, (hashes = new Set()));
    hashes.add(tokenHash);
  }

  /** Forgets every session of a person (theirs ended, or their row changed). */
  dropUser(userId: string): void {
    this.generation += 1;
    for (const hash of this.byUser.get(userId) ?? []) this.entries.delete(hash);
    this.byUser.delete(userId);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.byUser.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private forget(tokenHash: string, userId: string): void {
    this.entries.delete(tokenHash);
    const hashes = this.byUser.get(userId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.byUser.delete(userId);
  }
}
