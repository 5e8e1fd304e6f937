import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pagesEn } from '../shared/i18n/pages.en';
import { pagesVi } from '../shared/i18n/pages.vi';
import { rateLimits } from './db/schema';
import { raw, rawBytes, useListeningApps } from './security.test-helpers';
import { signUp, userWithRole, type SignedUp } from './test/helpers';

const { database, started } = useListeningApps();

const ABSOLUTE = (path: string) => `http://any.host${path}`;

describe('absolute-form and encoded request targets', () => {
  let port: number;
  let student: SignedUp;
  let admin: SignedUp;

  beforeAll(async () => {
    const server = await started();
    port = server.port;
    student = await signUp(server.app);
    admin = await userWithRole(server.app, database.db, 'admin');
  });

  const targets = (path: string) => [
    path,
    ABSOLUTE(path),
    `http://localhost:1${path}`,
    path.replace('/api', '/%61pi'),
  ];

  it('keeps visitors and members out of admin routes, however the target is written', async () => {
    for (const path of targets('/api/admin/ai-jobs')) {
      const visitor = await raw(port, 'GET', path);
      expect(visitor.status, path).toBe(401);
      expect(JSON.parse(visitor.body)).toEqual({ error: pagesEn.errors.unauthorized, code: 'UNAUTHORIZED' });
      const member = await raw(port, 'GET', path, { authorization: `Bearer ${student.token}` });
      expect(member.status, path).toBe(403);
      expect(JSON.parse(member.body).code).toBe('FORBIDDEN');
      const allowed = await raw(port, 'GET', path, { authorization: `Bearer ${admin.token}` });
      expect(allowed.status, path).toBe(200);
    }
    for (const path of targets('/api/admin/government/status/immiaccount')) {
      const visitor = await raw(port, 'PUT', path, { 'content-type': 'application/json' }, '{"note":"x"}');
      expect(visitor.status, path).toBe(401);
    }
    const retry = await raw(
      port,
      'POST',
      ABSOLUTE('/api/admin/ai-jobs/00000000-0000-4000-8000-000000000000/retry'),
      {
        authorization: `Bearer ${student.token}`,
      },
    );
    expect(retry.status).toBe(403);
  });

  it('refuses a cross-site state change however the target is written', async () => {
    for (const path of targets('/api/questions')) {
      const response = await raw(
        port,
        'POST',
        path,
        {
          'content-type': 'application/json',
          cookie: student.cookie,
          origin: 'https://evil.example',
        },
        JSON.stringify({ title: 'Cross-site', content: 'Posted from elsewhere' }),
      );
      expect(response.status, path).toBe(403);
      expect(JSON.parse(response.body).code).toBe('CROSS_ORIGIN');
    }
  });

  it('answers a target that is not a path of ours as not found, never as a page of the admin area', async () => {
    const response = await raw(port, 'GET', '//evil.example/api/admin/ai-jobs');
    expect([401, 404]).toContain(response.status);
    expect(JSON.parse(response.body)).toHaveProperty('code');
  });
});

describe('rate limits with absolute-form targets', () => {
  // Every instance on the database shares the counters: each test starts on a fresh window.
  beforeEach(async () => {
    await database.db.delete(rateLimits);
  });

  it('counts them against the global limit', async () => {
    const { port } = await started({ RATE_LIMIT_GLOBAL_PER_MINUTE: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await raw(port, 'GET', ABSOLUTE('/api/categories'))).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('counts them against Chloe’s limit', async () => {
    const { port } = await started({ CHLOE_MESSAGES_PER_VISITOR: '2' });
    const send = (path: string) =>
      raw(
        port,
        'POST',
        path,
        { 'content-type': 'application/json' },
        JSON.stringify({ message: 'tax file number' }),
      );
    expect((await send(ABSOLUTE('/api/ai/chat'))).status).toBe(200);
    expect((await send('/api/ai/chat')).status).toBe(200);
    const blocked = await send(ABSOLUTE('/api/ai/chat'));
    expect(blocked.status).toBe(429);
    expect(JSON.parse(blocked.body).code).toBe('RATE_LIMITED');
  });
});

describe('framework errors in the app’s shape and the caller’s language', () => {
  let port: number;
  beforeAll(async () => {
    port = (await started()).port;
  });

  it('answers a path that is not valid percent-encoding with 400', async () => {
    for (const [language, text] of [
      ['en', pagesEn.errors.badUrl],
      ['vi', pagesVi.errors.badUrl],
    ] as const) {
      const response = await raw(port, 'GET', '/api/questions/%FF', { 'accept-language': language });
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toEqual({ error: text, code: 'BAD_URL' });
    }
  });

  it('answers an over-long parameter with 414', async () => {
    const response = await raw(port, 'GET', `/api/questions/${'a'.repeat(120)}`);
    expect(response.status).toBe(414);
    expect(JSON.parse(response.body)).toEqual({ error: pagesEn.errors.uriTooLong, code: 'URI_TOO_LONG' });
  });

  it('answers a request Node cannot parse with 400 in the app’s shape', async () => {
    const answer = await rawBytes(
      port,
      'POST /api/auth/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: pagesEn.errors.badRequest,
      code: 'BAD_REQUEST',
    });
  });
});
