import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION } from '../../../shared/constants';
import { pagesEn } from '../../../shared/i18n/pages.en';
import { chloeReplyJobs, auditLog, questions, users } from '../../db/schema';
import { raw } from '../../security.test-helpers';
import { createUser, insertQuestions, type FastUser } from '../questions/questions.test-helpers';
import { insertEmail, UNKNOWN_ID, useAdminApp } from './admin.test-helpers';

const { t, api, admin, alice, bob, mentor } = useAdminApp();

type Route = {
  method: InjectOptions['method'];
  /** A fresh target for each call, so an admin's call really does the thing. */
  target: () => Promise<{ url: string; payload?: object }>;
  /** What an admin gets. */
  status: number;
};

const question = async () =>
  (await insertQuestions(t.db, [{ authorId: alice.id, title: 'Guarded question' }]))[0]!;
const waitingMentor = async () => {
  const person = await createUser(t.db, { role: 'mentor', displayName: 'Waiting Mentor' });
  await t.db.update(users).set({ mentorVerifiedAt: null }).where(eq(users.id, person.id));
  return person;
};

const ROUTES: Route[] = [
  { method: 'GET', target: async () => ({ url: '/api/admin/stats' }), status: 200 },
  { method: 'GET', target: async () => ({ url: '/api/admin/waiting' }), status: 200 },
  { method: 'GET', target: async () => ({ url: '/api/admin/questions?filter=urgent' }), status: 200 },
  {
    method: 'DELETE',
    target: async () => ({ url: `/api/admin/questions/${(await question()).id}` }),
    status: 200,
  },
  { method: 'GET', target: async () => ({ url: '/api/admin/users?filter=mentors-to-verify' }), status: 200 },
  {
    method: 'PATCH',
    target: async () => ({
      url: `/api/admin/users/${(await createUser(t.db)).id}/role`,
      payload: { role: 'mentor' },
    }),
    status: 200,
  },
  {
    method: 'POST',
    target: async () => ({ url: `/api/admin/users/${(await waitingMentor()).id}/verify` }),
    status: 200,
  },
  {
    method: 'POST',
    target: async () => ({
      url: `/api/admin/users/${(await waitingMentor()).id}/decline`,
      payload: { reason: 'Please tell us more about your experience.' },
    }),
    status: 200,
  },
  { method: 'GET', target: async () => ({ url: '/api/admin/reports?status=open' }), status: 200 },
  {
    method: 'PATCH',
    target: async () => {
      const reported = await question();
      await api().report(bob, 'question', reported.id);
      const { reports } = await api().reports(admin);
      return { url: `/api/admin/reports/${reports[0]!.id}`, payload: { action: 'dismiss' } };
    },
    status: 200,
  },
  { method: 'POST', target: async () => ({ url: '/api/admin/export-newsletter' }), status: 200 },
  { method: 'GET', target: async () => ({ url: '/api/admin/audit' }), status: 200 },
  {
    method: 'PUT',
    target: async () => ({
      url: '/api/admin/government/status/immiaccount',
      payload: { note: 'Down tonight' },
    }),
    status: 200,
  },
  {
    method: 'POST',
    target: async () => {
      const failed = await question();
      await t.db.insert(chloeReplyJobs).values({ questionId: failed.id, status: 'failed', attempts: 5 });
      return { url: `/api/admin/ai-jobs/${failed.id}/retry` };
    },
    status: 204,
  },
  { method: 'GET', target: async () => ({ url: '/api/admin/ai-jobs' }), status: 200 },
  {
    method: 'POST',
    target: async () => {
      return { url: `/api/admin/emails/${await insertEmail(t.db)}/retry` };
    },
    status: 200,
  },
  { method: 'GET', target: async () => ({ url: '/api/admin/emails' }), status: 200 },
];
const WRITES = ROUTES.filter((route) => route.method !== 'GET');
const label = (route: Route, url: string) => `${route.method} ${url}`;

const cookieOf = (user: FastUser) => ({ cookie: `${SESSION.cookieName}=${user.token}` });
const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;
const questionCount = async () => (await t.db.select({ n: count() }).from(questions))[0]!.n;
const send = (route: Route, target: { url: string; payload?: object }, headers: Record<string, string>) =>
  t.app.inject({
    method: route.method,
    url: target.url,
    headers,
    ...(target.payload ? { payload: target.payload } : {}),
  });

describe('who may use the admin API', () => {
  it('answers 401 with the spec’s body to a visitor on every admin route, and changes nothing', async () => {
    const before = { audit: await auditCount(), questions: await questionCount() };
    for (const route of ROUTES) {
      const target = await route.target();
      const response = await send(route, target, {});
      expect(response.statusCode, label(route, target.url)).toBe(401);
      expect(response.json()).toEqual({ error: pagesEn.errors.unauthorized, code: 'UNAUTHORIZED' });
    }
    // Each write route's target was made, none was acted on: every question is still there, nothing audited.
    expect(await auditCount()).toBe(before.audit);
    expect(await questionCount()).toBe(before.questions + 3);
  });

  it('answers 403 with the spec’s body to a student and a mentor, by bearer token or cookie', async () => {
    const unverified = await waitingMentor();
    const before = await auditCount();
    for (const route of ROUTES) {
      const target = await route.target();
      for (const [who, headers] of [
        ['student bearer', alice.headers],
        ['student cookie', cookieOf(alice)],
        ['mentor bearer', mentor.headers],
        ['mentor cookie', cookieOf(mentor)],
        ['unverified mentor', unverified.headers],
      ] as const) {
        const response = await send(route, target, headers);
        expect(response.statusCode, `${who} ${label(route, target.url)}`).toBe(403);
        expect(response.json()).toEqual({ error: pagesEn.errors.forbidden, code: 'FORBIDDEN' });
      }
    }
    expect(await auditCount()).toBe(before);
  });

  it('works for an admin, by bearer token and by cookie', async () => {
    for (const headers of [admin.headers, cookieOf(admin)]) {
      for (const route of ROUTES) {
        const target = await route.target();
        const response = await send(route, target, headers);
        expect(response.statusCode, `${label(route, target.url)} ${response.body}`).toBe(route.status);
      }
    }
    // Every write route but none of the reads left one entry, once per way of signing in.
    const actions = (await api().audit(admin)).entries.map((entry) => entry.action);
    expect(actions.slice(0, WRITES.length).reverse()).toEqual([
      'question.delete',
      'user.role',
      'mentor.verify',
      'mentor.decline',
      'report.dismiss',
      'newsletter.export',
      'notice.set',
      'ai-job.retry',
      'email.retry',
    ]);
    expect(actions).toHaveLength(2 * WRITES.length);
  });
});

describe('cross-site requests to the admin API', () => {
  it('refuses every write route from another site, even for an admin, and changes nothing', async () => {
    const before = { audit: await auditCount(), questions: await questionCount() };
    for (const route of WRITES) {
      const target = await route.target();
      for (const headers of [
        { ...cookieOf(admin), origin: 'https://evil.example' },
        { ...admin.headers, origin: 'https://evil.example' },
        { ...cookieOf(admin), 'sec-fetch-site': 'cross-site' },
        { ...cookieOf(admin), 'sec-fetch-site': 'same-site' },
      ]) {
        const response = await send(route, target, headers);
        expect(response.statusCode, label(route, target.url)).toBe(403);
        expect(response.json()).toEqual({ error: pagesEn.errors.crossOrigin, code: 'CROSS_ORIGIN' });
      }
    }
    expect(await auditCount()).toBe(before.audit);
    expect(await questionCount()).toBe(before.questions + 3);
  });

  it('lets the same origin through, and cross-site reads', async () => {
    const route = ROUTES.find((r) => r.method === 'DELETE')!;
    const target = await route.target();
    const sameOrigin = await send(route, target, {
      ...cookieOf(admin),
      origin: 'http://localhost:80',
      host: 'localhost:80',
      'sec-fetch-site': 'same-origin',
    });
    expect(sameOrigin.statusCode).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/admin/stats',
      headers: { ...admin.headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
  });
});

describe('raw request targets', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  const READ_TARGETS = [
    'http://any.host/api/admin/stats',
    '/api/%61dmin/stats',
    '/api/admin/%73tats',
    'http://any.host/api/%61dmin/stats',
    '/api/admin/%75sers',
    'http://any.host/api/admin/users?filter=admin',
    '/%61pi/admin/audit',
  ];

  it('keeps a visitor (401) and a student (403) out however the target is written, and lets an admin in', async () => {
    for (const path of READ_TARGETS) {
      const visitor = await raw(port, 'GET', path);
      expect(visitor.status, path).toBe(401);
      expect(JSON.parse(visitor.body)).toEqual({ error: pagesEn.errors.unauthorized, code: 'UNAUTHORIZED' });
      const student = await raw(port, 'GET', path, { authorization: `Bearer ${alice.token}` });
      expect(student.status, path).toBe(403);
      expect(JSON.parse(student.body)).toEqual({ error: pagesEn.errors.forbidden, code: 'FORBIDDEN' });
      const allowed = await raw(port, 'GET', path, { authorization: `Bearer ${admin.token}` });
      expect(allowed.status, path).toBe(200);
    }
  });

  it('refuses writes with absolute-form and encoded targets to a student and a visitor', async () => {
    const target = await createUser(t.db);
    const reported = await question();
    const before = await auditCount();
    const writes: [string, string, object | undefined][] = [
      ['PATCH', `http://any.host/api/admin/users/${target.id}/role`, { role: 'mentor' }],
      ['PATCH', `/api/admin/%75sers/${target.id}/role`, { role: 'mentor' }],
      ['DELETE', `http://any.host/api/%61dmin/questions/${reported.id}`, undefined],
      ['POST', '/api/%61dmin/export-newsletter', undefined],
      ['PUT', 'http://any.host/api/admin/government/status/immiaccount', { note: 'x' }],
    ];
    for (const [method, path, body] of writes) {
      const headers: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
      const payload = body ? JSON.stringify(body) : undefined;
      const visitor = await raw(port, method, path, headers, payload);
      expect(visitor.status, `${method} ${path}`).toBe(401);
      const student = await raw(
        port,
        method,
        path,
        { ...headers, authorization: `Bearer ${bob.token}` },
        payload,
      );
      expect(student.status, `${method} ${path}`).toBe(403);
      expect(JSON.parse(student.body).code).toBe('FORBIDDEN');
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row!.role).toBe('student');
    expect((await t.db.select().from(questions).where(eq(questions.id, reported.id))).length).toBe(1);
    expect(await auditCount()).toBe(before);
  });

  it('refuses an admin’s cross-site write however the target is written', async () => {
    const target = await createUser(t.db);
    for (const path of [
      `http://any.host/api/admin/users/${target.id}/role`,
      `/api/%61dmin/users/${target.id}/role`,
    ]) {
      const response = await raw(
        port,
        'PATCH',
        path,
        {
          'content-type': 'application/json',
          cookie: cookieOf(admin).cookie,
          origin: 'https://evil.example',
        },
        JSON.stringify({ role: 'mentor' }),
      );
      expect(response.status, path).toBe(403);
      expect(JSON.parse(response.body).code).toBe('CROSS_ORIGIN');
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row!.role).toBe('student');
  });

  it('answers unknown admin paths: 401 to a visitor, 404 to an admin', async () => {
    const visitor = await raw(port, 'GET', `/api/admin/questions/${UNKNOWN_ID}`);
    expect(visitor.status).toBe(401);
    const adminAnswer = await raw(port, 'GET', `/api/admin/questions/${UNKNOWN_ID}`, {
      authorization: `Bearer ${admin.token}`,
    });
    expect(adminAnswer.status).toBe(404);
  });
});
