import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { errors } from '../errors';
import { maxOf, RATE_LIMITS, type LimitSettings, type RateLimit } from '../lib/rate-limits';
import { requestPath } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's own limits, presets of lib/rate-limits.ts, checked in order after the session is read, so a limit
     * can be per member.
     */
    rateLimits?: RateLimit[];
  }
  interface FastifyInstance {
    /**
     * Counts one action of `who` against a limit outside a route (a chat message sent on the socket shares the
     * limit of the route that sends one): the seconds to wait when it is one too many, otherwise undefined.
     */
    takeRateLimit(limit: RateLimit, who: string): Promise<number | undefined>;
  }
}

/**
 * Counts `amount` requests against a key's fixed window and returns the count so far and the time until the window
 * ends. One statement, so simultaneous counts on any number of app instances add up exactly.
 */
export async function countRequest(
  db: Database,
  key: string,
  windowMs: number,
  amount = 1,
): Promise<{ count: number; ttlMs: number; retryAfterSeconds: number }> {
  const result = await db.execute<{ count: number; ttl_ms: number }>(sql`
    insert into rate_limits as r (key, count, reset_at)
    values (${key}, ${amount}, clock_timestamp() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      count = case when r.reset_at <= clock_timestamp() then ${amount} else r.count + ${amount} end,
      reset_at = case when r.reset_at <= clock_timestamp() then excluded.reset_at else r.reset_at end
    returning count, ceil(extract(epoch from reset_at - clock_timestamp()) * 1000)::int as ttl_ms`);
  const row = result.rows[0]!;
  return {
    count: row.count,
    ttlMs: row.ttl_ms,
    retryAfterSeconds: Math.max(1, Math.ceil(row.ttl_ms / 1000)),
  };
}

/** Forgets windows that have ended (main.ts runs it now and then, on one instance at a time). */
export async function sweepRateLimits(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at <= clock_timestamp()`);
}

/** How many counts an instance takes at once: one under 100 (exact), 2% of a larger limit. */
export function batchSize(max: number): number {
  return Math.max(1, Math.floor(max / 50));
}

type Held = { left: number; resetAt: number; full: boolean };

/**
 * One instance's share of each key's window. A limit under 100 is counted one request at a time; a larger one
 * (the per-address limit on every request) takes a batch of counts from the database and spends them here, so a
 * busy address costs one write per batch, and all instances together never pass the limit (decision 011).
 */
export class RequestCounter {
  private readonly held = new Map<string, Held>();
  private readonly reserving = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  /** The seconds until the window ends when this request is one too many; undefined when it may go ahead. */
  async take(key: string, windowMs: number, max: number): Promise<number | undefined> {
    for (;;) {
      const held = this.held.get(key);
      if (held && held.resetAt > this.now()) {
        if (held.left > 0) {
          held.left -= 1;
          return undefined;
        }
        if (held.full) return Math.max(1, Math.ceil((held.resetAt - this.now()) / 1000));
      }
      let pending = this.reserving.get(key);
      if (!pending) {
        pending = this.reserve(key, windowMs, max).finally(() => this.reserving.delete(key));
        this.reserving.set(key, pending);
      }
      await pending;
    }
  }

  private async reserve(key: string, windowMs: number, max: number): Promise<void> {
    const batch = batchSize(max);
    const { count, ttlMs } = await countRequest(this.db, key, windowMs, batch);
    const granted = Math.max(0, Math.min(batch, max - (count - batch)));
    this.held.set(key, { left: granted, resetAt: this.now() + Math.max(1, ttlMs), full: count >= max });
    if (this.held.size > 50_000) this.forgetEnded();
  }

  private forgetEnded(): void {
    const now = this.now();
    for (const [key, held] of this.held) if (held.resetAt <= now) this.held.delete(key);
  }
}

/** Throws 429 with the limit's message when the request is one too many. */
async function enforce(
  counter: RequestCounter,
  settings: LimitSettings,
  limit: RateLimit,
  request: FastifyRequest,
  onLimited: (limit: string) => void,
): Promise<void> {
  const who = limit.key(request);
  if (who === undefined) return;
  const max = maxOf(limit, settings, request);
  let retryAfterSeconds: number | undefined;
  try {
    retryAfterSeconds = await counter.take(`${limit.name}:${who}`, limit.windowMs, max);
  } catch (error) {
    // A database that cannot count cannot answer much else either: the route says so (503 on /api/ready).
    request.log.warn({ err: error, limit: limit.name }, 'rate limit not counted');
    return;
  }
  if (retryAfterSeconds !== undefined) {
    onLimited(limit.name);
    throw errors.tooManyRequests(limit.messageKey, retryAfterSeconds);
  }
}

/**
 * The proxy's and the orchestrator's probes: they come often from one address and name the instance by its own
 * address, and must never be refused for either (a refused probe takes a healthy instance out), so they are outside
 * every limit and every host check.
 */
export const PROBE_PATHS = new Set(['/api/health', '/api/ready']);

/**
 * The app's one rate-limit mechanism (decisions 011 and 045). Every API request counts against the per-address limit
 * `RATE_LIMITS.global`; routes name more in their options (`config: { rateLimits: [...] }`). `settings` gives the
 * numbers an operator overrides. Counters live in
 * PostgreSQL, so every instance on one database shares them. `onLimited` hears the name of each limit that refuses
 * a request (for the metrics). Ended windows are swept by `sweepRateLimits`, which main.ts runs.
 */
export const rateLimitPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { db: Database; settings: LimitSettings; onLimited?: (limit: string) => void },
  ) => {
    const { db, settings } = opts;
    const onLimited = opts.onLimited ?? (() => undefined);
    const counter = new RequestCounter(db);
    app.decorate('takeRateLimit', async (limit, who) => {
      const wait = await counter.take(`${limit.name}:${who}`, limit.windowMs, maxOf(limit, settings));
      if (wait !== undefined) onLimited(limit.name);
      return wait;
    });
    app.addHook('onRequest', async (request) => {
      const unlimited = PROBE_PATHS.has(request.routeOptions.url ?? '');
      if (!unlimited && requestPath(request).startsWith('/api/'))
        await enforce(counter, settings, RATE_LIMITS.global, request, onLimited);
    });
    app.addHook('onRoute', (route) => {
      const limits = route.config?.rateLimits;
      if (!limits?.length) return;
      const check = async (request: FastifyRequest) => {
        for (const limit of limits) await enforce(counter, settings, limit, request, onLimited);
      };
      route.preHandler = [...[route.preHandler ?? []].flat(), check];
    });
  },
  { name: 'rate-limit' },
);
