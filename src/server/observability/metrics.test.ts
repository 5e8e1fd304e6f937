import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chloeReplyJobs, mailOutbox } from '../db/schema';
import { insertQuestions, createUser } from '../modules/questions/questions.test-helpers';
import { EventBus } from '../realtime/bus';
import { openSocket } from '../realtime/realtime.test-helpers';
import { openEventStreams } from '../realtime/sse';
import { buildTestApp, createTestDatabase, useTestApp, type TestDatabase } from '../test/helpers';
import { startMetricsServer, type MetricsServer } from './metrics';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a scrape in Prometheus's text format (comments left out). */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, name, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
        labels[name!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The value of the first sample named `name` whose labels include `labels`; undefined when there is none. */
function value(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  return samples(text).find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, wanted]) => sample.labels[key] === wanted),
  )?.value;
}

function get(port: number, path: string, method = 'GET') {
  return new Promise<{ status: number; type: string | undefined; body: string }>((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, type: response.headers['content-type'], body }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 3_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the metrics of an app, scraped on their own port', () => {
  const t = useTestApp();
  let server: MetricsServer;
  const scrape = async () => {
    const response = await get(server.port, '/metrics');
    expect(response.status).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    server = await startMetricsServer({ port: 0, host: '127.0.0.1' }, t.app.metrics.registry);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers GET /metrics in Prometheus’s text format, and 404 to anything else', async () => {
    const response = await get(server.port, '/metrics');
    expect(response.status).toBe(200);
    expect(response.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect((await get(server.port, '/metrics?x=1')).status).toBe(200);
    for (const [path, method] of [
      ['/', 'GET'],
      ['/metrics/x', 'GET'],
      ['/api/health', 'GET'],
      ['/metrics', 'POST'],
    ] as const)
      expect((await get(server.port, path, method)).status, `${method} ${path}`).toBe(404);
    // The app itself has no such route: only the metrics port serves them.
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('times requests by method, route pattern and status', async () => {
    const id = randomUUID();
    const question = await t.app.inject({ method: 'GET', url: `/api/questions/${id}` });
    await t.app.inject({ method: 'GET', url: '/api/categories' });
    await t.app.inject({ method: 'GET', url: '/api/categories' });
    await t.app.inject({ method: 'GET', url: '/api/nope' });
    const text = await scrape();
    const route = { method: 'GET', route: '/api/questions/:id', status: String(question.statusCode) };
    expect(value(text, 'http_request_duration_seconds_count', route)).toBe(1);
    // The pattern, never the address itself: the label's values stay few.
    expect(text).not.toContain(id);
    expect(
      value(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/categories',
        status: '200',
      }),
    ).toBe(2);
    expect(
      value(text, 'http_request_duration_seconds_count', { route: 'not_found', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    const sum = value(text, 'http_request_duration_seconds_sum', route)!;
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(10);
    expect(value(text, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(1);
  });

  it('counts requests refused by a rate limit, by the limit’s name', async () => {
    const text = await scrape();
    expect(value(text, 'http_rate_limited_total', { limit: 'client-errors' })).toBeUndefined();
    for (let i = 0; i < 11; i += 1)
      await t.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        remoteAddress: '198.51.100.30',
        payload: { message: `crash ${i}` },
      });
    const after = await scrape();
    expect(value(after, 'http_rate_limited_total', { limit: 'client-errors' })).toBe(1);
    expect(
      value(after, 'http_request_duration_seconds_count', { route: '/api/client-errors', status: '429' }),
    ).toBe(1);
  });

  it('reads the connection pool and the LISTEN connection', async () => {
    const text = await scrape();
    const inUse = value(text, 'db_pool_connections_in_use')!;
    const idle = value(text, 'db_pool_connections_idle')!;
    expect(inUse).toBeGreaterThanOrEqual(0);
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(inUse + idle).toBeLessThanOrEqual(5);
    expect(value(text, 'db_pool_waiting_requests')).toBe(0);
    expect(value(text, 'realtime_listener_connected')).toBe(1);
  });

  it('counts open sockets and event streams', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    expect(value(await scrape(), 'realtime_sockets_open')).toBe(0);
    const socket = await openSocket(base, {}, '/ws/public');
    expect(value(await scrape(), 'realtime_sockets_open')).toBe(1);
    socket.ws.close();
    await socket.closed;
    await waitFor(async () => value(await scrape(), 'realtime_sockets_open') === 0);
    expect(value(await scrape(), 'realtime_event_streams_open')).toBe(openEventStreams());
  });

  it('reads the age of the oldest reply Chloe owes, counting only jobs due and not done', async () => {
    const empty = await scrape();
    expect(value(empty, 'chloe_queue_oldest_age_seconds')).toBe(0);
    expect(value(empty, 'chloe_queue_due_jobs')).toBe(0);

    const asker = await createUser(t.db);
    const [waiting, running, later, done] = await insertQuestions(t.db, [
      { authorId: asker.id },
      { authorId: asker.id },
      { authorId: asker.id },
      { authorId: asker.id },
    ]);
    const ago = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;
    await t.db.delete(chloeReplyJobs);
    await t.db.insert(chloeReplyJobs).values([
      { questionId: waiting!.id, status: 'pending', createdAt: ago(90), runAfter: ago(90) },
      { questionId: running!.id, status: 'running', createdAt: ago(30), runAfter: ago(30) },
      // Waiting for a retry, not due yet; and finished: neither is owed now.
      {
        questionId: later!.id,
        status: 'pending',
        createdAt: ago(600),
        runAfter: sql`now() + interval '1 hour'`,
      },
      { questionId: done!.id, status: 'done', createdAt: ago(3_600), runAfter: ago(3_600) },
    ]);
    const text = await scrape();
    const age = value(text, 'chloe_queue_oldest_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(150);
    expect(value(text, 'chloe_queue_due_jobs')).toBe(2);
  });

  it('reads the emails not sent yet and the age of the oldest', async () => {
    const email = (status: 'pending' | 'sending' | 'sent' | 'failed', secondsAgo: number) => ({
      kind: 'notification' as const,
      toAddress: `${status}@example.com`,
      locale: 'en' as const,
      subject: 'Subject',
      text: 'Text',
      html: '<p>Text</p>',
      status,
      createdAt: sql`now() - make_interval(secs => ${secondsAgo})`,
    });
    await t.db.delete(mailOutbox);
    expect(value(await scrape(), 'mail_outbox_pending')).toBe(0);
    await t.db
      .insert(mailOutbox)
      .values([
        email('pending', 3_600),
        email('sending', 600),
        email('sent', 86_400),
        email('failed', 7_200),
      ]);
    const text = await scrape();
    expect(value(text, 'mail_outbox_pending')).toBe(2);
    const age = value(text, 'mail_outbox_oldest_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(3_600);
    expect(age).toBeLessThan(3_660);
  });

  it('holds the process’s metrics, event-loop lag among them, and the status checks', async () => {
    const text = await scrape();
    expect(value(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(value(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    const before = value(text, 'government_status_checks_total')!;
    t.app.metrics.statusChecks.inc();
    expect(value(await scrape(), 'government_status_checks_total')).toBe(before + 1);
  });

  it('keeps each app’s metrics apart (a registry per app, never the global one)', async () => {
    const other = await buildTestApp(t.database);
    try {
      await other.ready();
      expect(other.metrics.registry).not.toBe(t.app.metrics.registry);
      await other.inject({ method: 'GET', url: '/api/health' });
      const own = await other.metrics.registry.metrics();
      expect(value(own, 'http_request_duration_seconds_count', { route: '/api/health' })).toBe(1);
      expect(value(own, 'http_request_duration_seconds_count', { route: '/api/categories' })).toBeUndefined();
      expect(
        value(await scrape(), 'http_request_duration_seconds_count', { route: '/api/health' }),
      ).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

describe('metrics while the database is down', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('leaves the SQL-backed gauges out and still answers the scrape', async () => {
    const app = await buildTestApp(database);
    const server = await startMetricsServer({ port: 0, host: '127.0.0.1' }, app.metrics.registry);
    try {
      await app.ready();
      const up = (await get(server.port, '/metrics')).body;
      expect(value(up, 'mail_outbox_pending')).toBe(0);
      await database.db.$client.end();

      const response = await get(server.port, '/metrics');
      expect(response.status).toBe(200);
      const down = response.body;
      for (const name of [
        'chloe_queue_oldest_age_seconds',
        'chloe_queue_due_jobs',
        'mail_outbox_pending',
        'mail_outbox_oldest_age_seconds',
      ]) {
        expect(value(down, name), name).toBeUndefined();
        // Still described, so the scraper knows the series and sees it absent.
        expect(down).toContain(`# TYPE ${name} gauge`);
      }
      expect(value(down, 'db_pool_connections_in_use')).toBe(0);
      expect(value(down, 'realtime_listener_connected')).toBeDefined();
      expect(value(down, 'nodejs_eventloop_lag_seconds')).toBeDefined();
    } finally {
      await server.close();
      await app.close();
    }
  });
});

describe('EventBus.listening', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('is true while the LISTEN connection is up, and false before and after', async () => {
    const bus = EventBus.forDatabase(database.db, { warn: () => undefined });
    expect(bus.listening).toBe(false);
    await bus.start();
    expect(bus.listening).toBe(true);
    await bus.stop();
    expect(bus.listening).toBe(false);
  });
});
