import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';

/** The metrics of one app. */
export type AppMetrics = {
  /** This app's metrics with the process's, for `startMetricsServer`. */
  registry: Registry;
  /** Counts a round of probes of the official services' status (run by the leading instance). */
  statusChecks: Counter;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus metrics; served by `startMetricsServer` on their own port, never by the app. */
    metrics: AppMetrics;
  }
}

/** The route label of a request no route matched (a page of the client, an unknown path). */
export const NOT_FOUND_ROUTE = 'not_found';

/** A scrape never waits on the database longer than this: a slow or unreachable one leaves its gauges out. */
const SCRAPE_QUERY_TIMEOUT_MS = 2_000;

let processRegistry: Registry | undefined;

/**
 * The process's own metrics (CPU, memory, handles, garbage collection, event-loop lag), collected once per process:
 * they describe the process, not one app, and each collection starts monitors that are never stopped.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The metrics of one app, in a registry of its own (never prom-client's global registry, which every app in a
 * process would share) that holds the process's metrics too.
 */
export function createAppMetrics(): AppMetrics {
  const registry = Registry.merge([new Registry(), processMetrics()]);
  const statusChecks = new Counter({
    name: 'government_status_checks_total',
    help: 'Rounds of probes of the official services’ status run by this instance.',
    registers: [registry],
  });
  return { registry, statusChecks };
}

/**
 * Times every answer of the app by method, route pattern (`/api/questions/:id`, so the label's values stay few) and
 * status. Added before any route, so that every route is timed.
 */
export function observeRequests(app: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the start of a request to the end of its answer, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? NOT_FOUND_ROUTE,
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** Counts the requests a rate limit refused, by the limit's name. */
export function rateLimitedCounter(registry: Registry): (limit: string) => void {
  const refused = new Counter({
    name: 'http_rate_limited_total',
    help: 'Requests refused with 429 by a rate limit, by the limit’s name.',
    labelNames: ['limit'] as const,
    registers: [registry],
  });
  return (limit) => refused.inc({ limit });
}

/** What the resource gauges read at each scrape. */
export type ResourceSources = {
  db: Database;
  /** Whether the instance's LISTEN connection is up (realtime events from other instances reach it). */
  listening: () => boolean;
  /** WebSockets open on this app. */
  openSockets: () => number;
  /** Server-sent event streams open in this process. */
  openEventStreams: () => number;
};

type Row = Record<string, unknown>;

/** Runs one query for a scrape: undefined when the database fails or is slower than the scrape may wait. */
async function scrapeQuery<T extends Row>(db: Database, query: SQL): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, SCRAPE_QUERY_TIMEOUT_MS, undefined);
    timer.unref();
  });
  try {
    const answer = db.execute<T>(query).then((result) => result.rows[0] as T | undefined);
    // A late failure after the timeout must not go unhandled.
    answer.catch(() => undefined);
    return await Promise.race([answer, timeout]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One query shared by the gauges it feeds: a scrape collects every metric at once, so the first gauge starts the
 * query and the others wait for the same answer.
 */
function sharedQuery<T extends Row>(db: Database, query: SQL): () => Promise<T | undefined> {
  let pending: Promise<T | undefined> | undefined;
  return () =>
    (pending ??= scrapeQuery<T>(db, query).finally(() => {
      pending = undefined;
    }));
}

/** A gauge set at each scrape; `read` answering undefined leaves it out of the scrape (no value is not zero). */
function gauge(
  registry: Registry,
  name: string,
  help: string,
  read: () => number | undefined | Promise<number | undefined>,
): void {
  const metric: Gauge = new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      const value = await read();
      if (value === undefined) metric.remove({});
      else metric.set(value);
    },
  });
}

/**
 * The instance's resources, read when Prometheus scrapes: the connection pool, the LISTEN connection, open sockets
 * and event streams, Chloe's reply queue and the email outbox. Each SQL-backed pair of gauges costs one cheap
 * query per scrape, on an index; when the database does not answer they are left out, and the scrape still succeeds.
 */
export function observeResources(registry: Registry, sources: ResourceSources): void {
  const { db } = sources;
  const pool = db.$client;
  gauge(
    registry,
    'db_pool_connections_in_use',
    'Connections of the pool running a query or a transaction.',
    () => pool.totalCount - pool.idleCount,
  );
  gauge(
    registry,
    'db_pool_connections_idle',
    'Open connections of the pool waiting for work.',
    () => pool.idleCount,
  );
  gauge(
    registry,
    'db_pool_waiting_requests',
    'Queries waiting for a free connection of the pool.',
    () => pool.waitingCount,
  );
  gauge(
    registry,
    'realtime_listener_connected',
    'Whether the LISTEN connection that hears the other instances’ events is up (1) or not (0).',
    () => (sources.listening() ? 1 : 0),
  );
  gauge(registry, 'realtime_sockets_open', 'WebSockets open on this instance.', sources.openSockets);
  gauge(
    registry,
    'realtime_event_streams_open',
    'Server-sent event streams (Chloe’s answers) open in this process.',
    sources.openEventStreams,
  );

  // Jobs Chloe could work on now (due, not finished); their age runs from when the question was posted.
  const chloeQueue = sharedQuery<{ due: number; oldest: number | null }>(
    db,
    sql`select count(*)::int as due, extract(epoch from now() - min(created_at))::float8 as oldest
        from chloe_reply_jobs where status in ('pending', 'running') and run_after <= now()`,
  );
  gauge(
    registry,
    'chloe_queue_oldest_age_seconds',
    'Age of the oldest question whose reply from Chloe is due and not yet written (0: none).',
    async () => {
      const row = await chloeQueue();
      return row && (row.oldest ?? 0);
    },
  );
  gauge(registry, 'chloe_queue_due_jobs', 'Replies from Chloe due and not yet written.', async () => {
    return (await chloeQueue())?.due;
  });

  // Emails not sent yet: waiting for their turn or a retry, or being sent now.
  const outbox = sharedQuery<{ pending: number; oldest: number | null }>(
    db,
    sql`select count(*)::int as pending, extract(epoch from now() - min(created_at))::float8 as oldest
        from mail_outbox where status in ('pending', 'sending')`,
  );
  gauge(registry, 'mail_outbox_pending', 'Emails in the outbox not sent yet.', async () => {
    return (await outbox())?.pending;
  });
  gauge(
    registry,
    'mail_outbox_oldest_age_seconds',
    'Age of the oldest email in the outbox not sent yet (0: none).',
    async () => {
      const row = await outbox();
      return row && (row.oldest ?? 0);
    },
  );
}

export type MetricsServer = {
  /** The port it listens on (the one asked for, or the one the system chose for port 0). */
  port: number;
  close(): Promise<void>;
};

/**
 * Serves `GET /metrics` in Prometheus's text format on its own port, apart from the app: it is never routed through
 * the app, its rate limits or the proxy, so only those who can reach this port (the host, the scraper) read it.
 * Anything else is answered 404.
 */
export async function startMetricsServer(
  where: { port: number; host: string },
  registry: Registry,
): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response
          .writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' })
          .end(text);
      },
      (error: unknown) => {
        response
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end(`Metrics could not be collected: ${(error as Error).message}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // A scraper keeps its connection open between scrapes.
        server.closeAllConnections();
      }),
  };
}
