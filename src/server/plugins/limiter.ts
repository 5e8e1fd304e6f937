/**
 * A small in-memory sliding-window counter for the auth limits (sign-in per IP per minute and per hour,
 * sign-ups per IP per hour). The global per-IP limit is @fastify/rate-limit's.
 */
export type Window = { limit: number; windowMs: number; messageKey: string };

export class WindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly longest: number;

  constructor(
    private readonly windows: Window[],
    private readonly now: () => number = Date.now,
  ) {
    this.longest = Math.max(...windows.map((w) => w.windowMs));
  }

  /** The first window that is full, with the seconds until a slot frees up; undefined when allowed. */
  check(key: string): { messageKey: string; retryAfterSeconds: number } | undefined {
    const now = this.now();
    const times = this.prune(key, now);
    for (const window of this.windows) {
      const inWindow = times.filter((t) => t > now - window.windowMs);
      if (inWindow.length >= window.limit) {
        const oldest = inWindow[inWindow.length - window.limit] ?? now;
        return {
          messageKey: window.messageKey,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + window.windowMs - now) / 1000)),
        };
      }
    }
    return undefined;
  }

  record(key: string): void {
    const now = this.now();
    const times = this.prune(key, now);
    times.push(now);
    this.hits.set(key, times);
    if (this.hits.size > 50_000) this.sweep(now);
  }

  private prune(key: string, now: number): number[] {
    const times = (this.hits.get(key) ?? []).filter((t) => t > now - this.longest);
    if (times.length === 0) this.hits.delete(key);
    return times;
  }

  private sweep(now: number): void {
    for (const key of this.hits.keys()) this.prune(key, now);
  }
}
