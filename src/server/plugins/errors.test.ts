import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/constants';
import { pagesEn } from '../../shared/i18n/pages.en';
import { pagesVi } from '../../shared/i18n/pages.vi';
import { rateLimits } from '../db/schema';
import { rawBytes } from '../security.test-helpers';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../test/helpers';
import { PERMISSIONS_POLICY } from './security-headers';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
  // buildApp hands back the instance before it is ready, so a test route can still be added.
  app.get('/api/test-boom', () => {
    throw new Error('secret internals');
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/**
 * Builds a second app with other settings and closes it after the callback. It shares the first one's rate-limit
 * counters (they live in the database), so it starts on fresh ones.
 */
async function withApp(
  env: Record<string, string | undefined>,
  run: (other: FastifyInstance) => Promise<void>,
) {
  await database.db.delete(rateLimits);
  const other = await buildTestApp(database, env);
  try {
    await run(other);
  } finally {
    await other.close();
  }
}

/** Starts the app on a real port (once), for what only a socket can send. */
async function listen(server: FastifyInstance): Promise<number> {
  if (!server.server.listening) await server.listen({ port: 0, host: '127.0.0.1' });
  return (server.server.address() as AddressInfo).port;
}

function cspDirectives(header: unknown): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return directives;
}

describe('request errors', () => {
  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: pagesEn.errors.malformedJson, code: 'MALFORMED_JSON' });
  });

  it('answers an empty JSON body with 400 MALFORMED_JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'MALFORMED_JSON' });
  });

  it('answers a body over 1 MB with 413 PAYLOAD_TOO_LARGE', async () => {
    const payload = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(LIMITS.jsonBodyBytes) });
    expect(payload.length).toBeGreaterThan(1024 * 1024);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: pagesEn.errors.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers a content type it does not parse with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/xml' },
      payload: '<signin/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: pagesEn.errors.unsupportedMediaType,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('answers a body of the wrong shape with 400 VALIDATION', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 42 } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION');
    expect(typeof body.error).toBe('string');
    expect(body.error).not.toMatch(/^validation\./);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/nope' });
      expect(response.statusCode, method).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ error: pagesEn.errors.notFound, code: 'NOT_FOUND' });
    }
  });

  it('answers 404 for pages too when no client is built', async () => {
    const response = await app.inject({ method: 'GET', url: '/questions' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('hides the internals of a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test-boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
    });
    expect(response.body).not.toContain('secret internals');
    expect(response.body).not.toContain('stack');
  });

  it('answers a 500 in Vietnamese for Accept-Language: vi', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/test-boom',
      headers: { 'accept-language': 'vi' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: pagesVi.errors.internal, code: 'INTERNAL' });
  });
});

describe('security headers', () => {
  it('sets a strict content security policy and nosniff on API responses', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const csp = cspDirectives(response.headers['content-security-policy']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    const scriptSrc = csp.get('script-src');
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sets the headers on error responses too', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  /** The headers every answer carries, whatever answered it. */
  function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(String(headers['content-security-policy']), what).toContain("frame-ancestors 'none'");
    expect(String(headers['content-security-policy']), what).toContain("object-src 'none'");
    expect(headers['x-frame-options'], what).toBe('DENY');
    expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], what).toBe(PERMISSIONS_POLICY);
  }

  it('sets them on answers given before any route runs: a bad URL, an over-long parameter', async () => {
    for (const url of ['/api/%zz', '/api/questions/%FF', `/api/questions/${'a'.repeat(120)}`]) {
      const response = await app.inject({ method: 'GET', url });
      expect([400, 414], url).toContain(response.statusCode);
      expect(response.json<{ code: string }>().code, url).toMatch(/^(BAD_URL|URI_TOO_LONG)$/);
      expectSecurityHeaders(response.headers, url);
      expect(response.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('sets them on answers Node gives to requests it cannot parse', async () => {
    const port = await listen(app);
    const answers = [
      // A bad Content-Length.
      await rawBytes(
        port,
        'POST /api/auth/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
      ),
      // A target over Node's header size.
      await rawBytes(port, `GET /api/questions?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    ];
    for (const [index, answer] of answers.entries()) {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      expect(statusLine).toMatch(index === 0 ? /^HTTP\/1\.1 400 / : /^HTTP\/1\.1 431 /);
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 2),
        ]),
      );
      expectSecurityHeaders(headers, statusLine!);
      expect(Number(headers['content-length'])).toBe(Buffer.byteLength(body));
      expect(JSON.parse(body)).toEqual({ error: pagesEn.errors.badRequest, code: 'BAD_REQUEST' });
    }
  });

  it('sends no HSTS outside production', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS in production', async () => {
    await withApp({ NODE_ENV: 'production' }, async (production) => {
      const response = await production.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    });
  });

  it('sends no HSTS in production behind a plain-http PUBLIC_URL', async () => {
    await withApp(
      { NODE_ENV: 'production', PUBLIC_URL: 'http://intranet.example', MAIL_DISABLED: 'true' },
      async (production) => {
        const response = await production.inject({ method: 'GET', url: '/api/health' });
        expect(response.statusCode).toBe(200);
        expect(response.headers['strict-transport-security']).toBeUndefined();
      },
    );
  });
});

describe('global rate limit', () => {
  it('answers the 4th API request in a minute with 429 when the limit is 3, per IP', async () => {
    await withApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '3' }, async (limited) => {
      for (let i = 0; i < 3; i += 1) {
        expect((await limited.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);
      }
      const blocked = await limited.inject({ method: 'GET', url: '/api/categories' });
      expect(blocked.statusCode).toBe(429);
      const body = blocked.json();
      expect(body.code).toBe('RATE_LIMITED');
      expect(body.error).toMatch(/^Too many requests\. Please try again in \d+ s\.$/);
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);

      const otherIp = await limited.inject({
        method: 'GET',
        url: '/api/categories',
        remoteAddress: '203.0.113.99',
      });
      expect(otherIp.statusCode).toBe(200);
      // Pages and assets are not counted.
      expect((await limited.inject({ method: 'GET', url: '/about' })).statusCode).toBe(404);
    });
  });

  it('never counts or refuses the health and readiness probes', async () => {
    await withApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '2' }, async (limited) => {
      for (let i = 0; i < 5; i += 1) {
        expect((await limited.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        expect((await limited.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      }
      // The probes took none of the address's requests.
      expect((await limited.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);
      expect((await limited.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);
      expect((await limited.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(429);
      // Refused elsewhere, the address is still probed.
      expect((await limited.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await limited.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    });
  });
});
