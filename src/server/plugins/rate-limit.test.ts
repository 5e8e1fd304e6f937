import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../shared/i18n';
import { rateLimits } from '../db/schema';
import { EXPORTS_PER_HOUR } from '../lib/rate-limits';
import {
  buildTestApp,
  createTestDatabase,
  signUp,
  TEST_PASSWORD,
  uniqueEmail,
  type TestDatabase,
} from '../test/helpers';
import { batchSize, countRequest, RequestCounter, sweepRateLimits } from './rate-limit';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

/** Moves a key's window into the past, as if its time had run out. */
async function endWindow(key: string) {
  await database.db.execute(
    sql`update rate_limits set reset_at = now() - interval '1 second' where key = ${key}`,
  );
}

describe('countRequest', () => {
  it('counts the requests of a window and says when it ends, never less than a second away', async () => {
    const counts = [];
    for (let i = 0; i < 3; i += 1) counts.push(await countRequest(database.db, 'count:a', 60_000));
    expect(counts.map((c) => c.count)).toEqual([1, 2, 3]);
    for (const { retryAfterSeconds } of counts) {
      expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    expect((await countRequest(database.db, 'count:short', 1)).retryAfterSeconds).toBe(1);
  });

  it('counts each key separately', async () => {
    await countRequest(database.db, 'count:b', 60_000);
    await countRequest(database.db, 'count:b', 60_000);
    expect((await countRequest(database.db, 'count:c', 60_000)).count).toBe(1);
    expect((await countRequest(database.db, 'count:b', 60_000)).count).toBe(3);
  });

  it('starts again from one when the window has ended', async () => {
    for (let i = 0; i < 4; i += 1) await countRequest(database.db, 'count:d', 60_000);
    await endWindow('count:d');
    const fresh = await countRequest(database.db, 'count:d', 60_000);
    expect(fresh.count).toBe(1);
    expect(fresh.retryAfterSeconds).toBeGreaterThan(55);
  });

  it('counts simultaneous requests exactly', async () => {
    const results = await Promise.all(
      Array.from({ length: 25 }, () => countRequest(database.db, 'count:e', 60_000)),
    );
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
  });

  it('forgets windows that have ended, and only those', async () => {
    await countRequest(database.db, 'sweep:old', 60_000);
    await countRequest(database.db, 'sweep:live', 60_000);
    await endWindow('sweep:old');
    await sweepRateLimits(database.db);
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('sweep:live');
    expect(keys).not.toContain('sweep:old');
  });
});

describe('RequestCounter', () => {
  /** How many of `attempts` requests, alternating between the counters, may go ahead. */
  async function allowed(counters: RequestCounter[], key: string, max: number, attempts: number) {
    let yes = 0;
    for (let i = 0; i < attempts; i += 1) {
      if ((await counters[i % counters.length]!.take(key, 60_000, max)) === undefined) yes += 1;
    }
    return yes;
  }

  it('counts a small limit one request at a time, exactly, across two instances', async () => {
    const counters = [new RequestCounter(database.db), new RequestCounter(database.db)];
    expect(batchSize(20)).toBe(1);
    expect(await allowed(counters, 'small:a', 20, 30)).toBe(20);
    const refused = await counters[0]!.take('small:a', 60_000, 20);
    expect(refused).toBeGreaterThanOrEqual(1);
    expect(refused).toBeLessThanOrEqual(60);
  });

  it('spends a large limit in batches: one write per batch, and two instances together never pass it', async () => {
    const counters = [new RequestCounter(database.db), new RequestCounter(database.db)];
    const max = 1000;
    expect(batchSize(max)).toBe(20);
    const yes = await allowed(counters, 'large:a', max, 1200);
    expect(yes).toBeLessThanOrEqual(max);
    // At most a batch per instance is left unspent when the window fills.
    expect(yes).toBeGreaterThanOrEqual(max - 2 * batchSize(max));
    const [row] = await database.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(sql`key = 'large:a'`);
    expect(row!.count).toBeLessThanOrEqual(max + 2 * batchSize(max));
  });

  it('lets exactly the limit of simultaneous requests on one instance through', async () => {
    const counter = new RequestCounter(database.db);
    const answers = await Promise.all(Array.from({ length: 60 }, () => counter.take('burst:a', 60_000, 50)));
    expect(answers.filter((a) => a === undefined)).toHaveLength(50);
  });
});

describe('two app instances on one database', () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  let shared: TestDatabase;

  beforeAll(async () => {
    shared = await createTestDatabase();
    const limits = {
      RATE_LIMIT_SIGNIN_PER_MINUTE: '3',
      RATE_LIMIT_SIGNUP_PER_HOUR: '2',
      CHLOE_MESSAGES_PER_VISITOR: '2',
    };
    first = await buildTestApp(shared, limits);
    second = await buildTestApp(shared, limits);
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await shared?.drop();
  });

  const signin = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'nobody@example.com', password: 'wrong-password-1' },
      remoteAddress,
    });

  it('share the sign-in limit per address', async () => {
    expect((await signin(first, '10.1.0.1')).statusCode).toBe(401);
    expect((await signin(second, '10.1.0.1')).statusCode).toBe(401);
    expect((await signin(first, '10.1.0.1')).statusCode).toBe(401);
    const blocked = await signin(second, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      error: translate('en', 'errors.tooManySignins', { minutes: 1 }),
      code: 'RATE_LIMITED',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signin(first, '10.1.0.1')).statusCode).toBe(429);
    expect((await signin(first, '10.1.0.2')).statusCode).toBe(401);
  });

  it('share the sign-up limit per address', async () => {
    const signup = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: uniqueEmail('shared'), password: TEST_PASSWORD, displayName: 'Shared' },
        remoteAddress: '10.2.0.1',
      });
    expect((await signup(first)).statusCode).toBe(201);
    expect((await signup(second)).statusCode).toBe(201);
    expect((await signup(first)).statusCode).toBe(429);
    expect((await signup(second)).statusCode).toBe(429);
  });

  it("share Chloe's limit per visitor", async () => {
    const chat = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/ai/chat',
        payload: { message: 'How do I get a tax file number?', history: [] },
        remoteAddress: '10.3.0.1',
      });
    expect((await chat(first)).statusCode).toBe(200);
    expect((await chat(second)).statusCode).toBe(200);
    const limited = await chat(first);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });

  it('share the export limit per person', async () => {
    const member = await signUp(first, {}, { remoteAddress: '10.4.0.1' });
    const exportData = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/me/export', headers: { cookie: member.cookie } });
    for (let i = 0; i < EXPORTS_PER_HOUR; i += 1)
      expect((await exportData(i % 2 === 0 ? first : second)).statusCode).toBe(200);
    expect((await exportData(second)).statusCode).toBe(429);
    expect((await exportData(first)).statusCode).toBe(429);
  });
});

describe('the per-address limit on every API request, across two instances', () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  let shared: TestDatabase;

  beforeAll(async () => {
    shared = await createTestDatabase();
    first = await buildTestApp(shared, { RATE_LIMIT_GLOBAL_PER_MINUTE: '4' });
    second = await buildTestApp(shared, { RATE_LIMIT_GLOBAL_PER_MINUTE: '4' });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await shared?.drop();
  });

  it('counts requests to either instance together, and leaves other addresses alone', async () => {
    const get = (app: FastifyInstance, remoteAddress = '10.5.0.1') =>
      app.inject({ method: 'GET', url: '/api/categories', remoteAddress });
    for (const app of [first, second, first, second]) expect((await get(app)).statusCode).toBe(200);
    const limited = await get(first);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(second)).statusCode).toBe(429);
    expect((await get(second, '10.5.0.2')).statusCode).toBe(200);
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  let shared: TestDatabase;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    shared = await createTestDatabase();
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await shared?.drop();
  });

  /** An app with a route that says which address it sees, and a per-address limit of 2 a minute. */
  async function behind(trustProxy: string) {
    const app = await buildTestApp(shared, { TRUST_PROXY: trustProxy, RATE_LIMIT_GLOBAL_PER_MINUTE: '2' });
    apps.push(app);
    app.get('/api/test-address', (request) => ({ ip: request.ip }));
    await app.ready();
    return app;
  }

  const ask = (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) =>
    app.inject({
      method: 'GET',
      url: '/api/test-address',
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });

  it.each([
    ['the proxy’s address', '127.0.0.1'],
    ['a hop count of one', '1'],
  ])(
    'with %s, sees the address the proxy saw, whatever the client put before it',
    async (_name, trustProxy) => {
      await shared.db.delete(rateLimits);
      const app = await behind(trustProxy);
      const first = await ask(app, '127.0.0.1', '6.6.6.6, 203.0.113.9');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ ip: '203.0.113.9' });
      // A forged left-most entry changes nothing: the same client is counted, and refused, however it lies.
      expect((await ask(app, '127.0.0.1', '7.7.7.7, 203.0.113.9')).json()).toEqual({ ip: '203.0.113.9' });
      const refused = await ask(app, '127.0.0.1', '203.0.113.10, 203.0.113.9');
      expect(refused.statusCode).toBe(429);
      // Another client behind the same proxy has its own count.
      const other = await ask(app, '127.0.0.1', '6.6.6.6, 203.0.113.10');
      expect(other.statusCode).toBe(200);
      expect(other.json()).toEqual({ ip: '203.0.113.10' });
    },
  );

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    await shared.db.delete(rateLimits);
    const app = await behind('127.0.0.1');
    const direct = await ask(app, '198.51.100.7', '6.6.6.6, 203.0.113.9');
    expect(direct.json()).toEqual({ ip: '198.51.100.7' });
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    await shared.db.delete(rateLimits);
    const app = await behind('false');
    expect((await ask(app, '127.0.0.1', '6.6.6.6, 203.0.113.9')).json()).toEqual({ ip: '127.0.0.1' });
  });
});
