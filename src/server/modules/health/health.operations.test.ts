import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagesEn } from '../../../shared/i18n/pages.en';
import { rateLimits } from '../../db/schema';
import { capturedLogger, LEVEL } from '../../observability/observability.test-helpers';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../../test/helpers';
import { CLIENT_ERRORS_PER_MINUTE } from '../../lib/rate-limits';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

describe('draining on shutdown', () => {
  it('answers 503 on /api/ready once drained, while /api/health stays up', async () => {
    const app = await buildTestApp(database);
    try {
      expect(app.readiness.draining).toBe(false);
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

      app.readiness.drain();
      expect(app.readiness.draining).toBe(true);
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ error: pagesEn.errors.unavailable, code: 'UNAVAILABLE' });
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      // Requests in flight and new ones still get their answers while the proxy looks away.
      expect((await app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('drains one instance only', async () => {
    const one = await buildTestApp(database);
    const two = await buildTestApp(database);
    try {
      one.readiness.drain();
      expect((await one.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
      expect((await two.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('crash reports from browsers', () => {
  const report = (app: Awaited<ReturnType<typeof buildTestApp>>, remoteAddress: string, message: string) =>
    app.inject({
      method: 'POST',
      url: '/api/client-errors',
      remoteAddress,
      headers: { 'x-request-id': `crash-${message}` },
      payload: { message, url: '/questions' },
    });

  it(`takes ${CLIENT_ERRORS_PER_MINUTE} a minute from an address, and logs each as a warning with its request id`, async () => {
    await database.db.delete(rateLimits);
    const { logger, lines } = capturedLogger();
    const app = await buildTestApp(database, {}, false, { loggerInstance: logger });
    try {
      for (let i = 0; i < CLIENT_ERRORS_PER_MINUTE; i += 1)
        expect((await report(app, '198.51.100.20', `boom-${i}`)).statusCode).toBe(204);
      const refused = await report(app, '198.51.100.20', 'one-too-many');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address has its own count, and the rest of the API is not refused for it.
      expect((await report(app, '198.51.100.21', 'elsewhere')).statusCode).toBe(204);
      const other = await app.inject({
        method: 'GET',
        url: '/api/categories',
        remoteAddress: '198.51.100.20',
      });
      expect(other.statusCode).toBe(200);

      const crashes = lines.filter((line) => line.msg === 'client crash');
      expect(crashes).toHaveLength(CLIENT_ERRORS_PER_MINUTE + 1);
      for (const line of crashes) expect(line.level).toBe(LEVEL.warn);
      expect(crashes[0]).toMatchObject({
        reqId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
        clientError: { message: 'boom-0', url: '/questions' },
      });
      expect(
        crashes.some((line) => (line.clientError as { message: string }).message === 'one-too-many'),
      ).toBe(false);
      expect(lines.filter((line) => line.level >= LEVEL.error)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
