import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../shared/i18n/en';
import { vi as viText } from '../shared/i18n/vi';
import { users } from './db/schema';
import { syncKnowledge } from './db/seed/knowledge';
import { ARTICLES } from './modules/ai/ai.test-helpers';
import { PERMISSIONS_POLICY } from './plugins/security-headers';
import {
  buildTestApp,
  createTestDatabase,
  signUp,
  userWithRole,
  type SignedUp,
  type TestDatabase,
} from './test/helpers';

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A request sent as written: `path` may be an absolute-form target (`http://any.host/api/...`). */
function raw(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: text }),
      );
    });
    request.on('error', reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

/** Bytes written straight to the socket, for requests an HTTP client would refuse to send. */
function rawBytes(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

let database: TestDatabase;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await syncKnowledge(database.db, ARTICLES);
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database?.drop();
});

async function started(env: Record<string, string | undefined> = {}) {
  const app = await buildTestApp(database, env);
  apps.push(app);
  return { app, port: await listen(app) };
}

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
      expect(JSON.parse(visitor.body)).toEqual({ error: en.errors.unauthorized, code: 'UNAUTHORIZED' });
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
      ['en', en.errors.badUrl],
      ['vi', viText.errors.badUrl],
    ] as const) {
      const response = await raw(port, 'GET', '/api/questions/%FF', { 'accept-language': language });
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toEqual({ error: text, code: 'BAD_URL' });
    }
  });

  it('answers an over-long parameter with 414', async () => {
    const response = await raw(port, 'GET', `/api/questions/${'a'.repeat(120)}`);
    expect(response.status).toBe(414);
    expect(JSON.parse(response.body)).toEqual({ error: en.errors.uriTooLong, code: 'URI_TOO_LONG' });
  });

  it('answers a request Node cannot parse with 400 in the app’s shape', async () => {
    const answer = await rawBytes(
      port,
      'POST /api/auth/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: en.errors.badRequest,
      code: 'BAD_REQUEST',
    });
  });
});

describe('headers', () => {
  let port: number;
  let student: SignedUp;
  beforeAll(async () => {
    const server = await started();
    port = server.port;
    student = await signUp(server.app);
  });

  it('forbids framing and allows the microphone and geolocation for the app itself only', async () => {
    const response = await raw(port, 'GET', '/api/health');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(PERMISSIONS_POLICY).toContain('microphone=(self)');
    expect(PERMISSIONS_POLICY).toContain('geolocation=(self)');
    expect(PERMISSIONS_POLICY).toContain('camera=()');
  });

  it('keeps answers that depend on who asks out of every cache', async () => {
    for (const path of ['/api/auth/me', '/api/questions', '/api/me/questions']) {
      const response = await raw(port, 'GET', path, { cookie: student.cookie });
      expect(response.status, path).toBe(200);
      expect(response.headers['cache-control'], path).toBe('private, no-store');
    }
    const error = await raw(port, 'GET', '/api/admin/ai-jobs');
    expect(error.headers['cache-control']).toBe('private, no-store');
  });
});

describe('demo mode', () => {
  const demo = (port: number, headers: Record<string, string> = {}) =>
    raw(
      port,
      'POST',
      '/api/auth/demo',
      { 'content-type': 'application/json', ...headers },
      '{"role":"admin"}',
    );
  const config = async (port: number, headers: Record<string, string> = {}) =>
    JSON.parse((await raw(port, 'GET', '/api/config', headers)).body) as {
      demoMode: boolean;
      demoSignIn: boolean;
    };

  beforeAll(async () => {
    // The demo accounts, as the demo seed makes them.
    const { seedDemo } = await import('./db/seed/demo');
    await seedDemo(database.db);
  });

  it('is offered on a local trial to this machine only', async () => {
    const { app, port } = await started({ DEMO_MODE: undefined, DATABASE_URL: undefined });
    expect(await config(port)).toMatchObject({ demoMode: true, demoSignIn: true });
    expect((await demo(port)).status).toBe(200);
    const fromElsewhere = await app.inject({
      method: 'POST',
      url: '/api/auth/demo',
      payload: { role: 'admin' },
      remoteAddress: '203.0.113.5',
    });
    expect(fromElsewhere.statusCode).toBe(404);
    // A request a local proxy forwards comes from someone else.
    expect(await config(port, { 'x-forwarded-for': '203.0.113.5' })).toMatchObject({ demoSignIn: false });
    expect((await demo(port, { 'x-forwarded-for': '203.0.113.5' })).status).toBe(404);
    expect((await demo(port, { forwarded: 'for=203.0.113.5' })).status).toBe(404);
  });

  it('is off by default when PUBLIC_URL is set', async () => {
    const { port } = await started({ DEMO_MODE: undefined, PUBLIC_URL: 'http://127.0.0.1' });
    expect(await config(port)).toMatchObject({ demoMode: false, demoSignIn: false });
    const response = await demo(port);
    expect(response.status).toBe(404);
  });

  it('is offered to every address only when DEMO_MODE=true is set', async () => {
    const { port } = await started({ DEMO_MODE: 'true', PUBLIC_URL: 'http://127.0.0.1' });
    expect(await config(port, { 'x-forwarded-for': '203.0.113.5' })).toMatchObject({
      demoMode: true,
      demoSignIn: true,
    });
    const response = await demo(port, { 'x-forwarded-for': '203.0.113.5' });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).user).toMatchObject({ role: 'admin', isDemo: true });
  });
});

describe('anonymity', () => {
  it('moves no public number about a person when they post anonymously', async () => {
    const { app } = await started();
    const member = await signUp(app, { displayName: 'Founding Fiona' });
    await database.db.update(users).set({ isFoundingMember: true }).where(eq(users.id, member.user.id));
    const get = async (url: string) => (await app.inject({ url })).json<unknown>();
    const publicNumbers = async () => ({
      founders: await get('/api/founders'),
      stats: await get('/api/stats/community'),
    });

    const before = await publicNumbers();
    const posted = await app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: { cookie: member.cookie },
      payload: {
        title: 'A worry I keep to myself',
        content: 'Please do not show my name.',
        isAnonymous: true,
      },
    });
    expect(posted.statusCode).toBe(201);
    const questionId = posted.json<{ id: string }>().id;
    const replied = await app.inject({
      method: 'POST',
      url: `/api/questions/${questionId}/replies`,
      headers: { cookie: member.cookie },
      payload: { content: 'An update on my own question.' },
    });
    expect(replied.statusCode).toBe(201);
    expect(await publicNumbers()).toEqual(before);

    // The question is public, its author and the author's reply are not.
    const detail = (await app.inject({ url: `/api/questions/${questionId}` })).json<{
      author: unknown;
      replies: { author: unknown }[];
    }>();
    expect(detail.author).toBeNull();
    expect(detail.replies.map((reply) => reply.author)).toEqual([null]);

    // A question posted openly counts.
    const open = await app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: { cookie: member.cookie },
      payload: { title: 'An open question', content: 'Signed with my name.' },
    });
    expect([201, 429]).toContain(open.statusCode);
  });
});

describe('display names', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await started());
  });

  const signup = (displayName: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email: `name-${Math.random().toString(36).slice(2)}@example.com`,
        password: 'Tall-Kangaroo-Sunrise-42',
        displayName,
      },
    });

  it('refuses names that show nothing or turn text around', async () => {
    for (const [name, key] of [
      ['\u200b\u200b', 'displayNameInvisible'],
      ['Admin\u202e', 'displayNameInvisible'],
      ['\u2066Mentor\u2069', 'displayNameInvisible'],
      ['Li\u200dnh', 'displayNameInvisible'],
      ['\u3164', 'displayNameInvisible'],
      ['12345', 'displayNameLetter'],
      ['...', 'displayNameLetter'],
      ['Linh\u0000', 'controlCharacters'],
    ] as const) {
      const response = await signup(name);
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json()).toEqual({ error: en.validation[key], code: 'VALIDATION' });
    }
  });

  it('keeps real names in any script, normalised to NFC, in sign-up and the profile', async () => {
    const decomposed = 'Nguye\u0302\u0303n Thi\u0323 Lan';
    const response = await signup(decomposed);
    expect(response.statusCode).toBe(201);
    expect(response.json().user.displayName).toBe(decomposed.normalize('NFC'));
    const token = response.json<{ token: string }>().token;
    const patch = (displayName: string) =>
      app.inject({
        method: 'PATCH',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
        payload: { displayName },
      });
    expect((await patch('\u202eevil')).statusCode).toBe(400);
    expect((await patch('Minh-Anh O’Brien')).json().user.displayName).toBe('Minh-Anh O’Brien');
  });
});
