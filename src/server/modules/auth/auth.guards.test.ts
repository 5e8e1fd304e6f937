import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pagesEn } from '../../../shared/i18n/pages.en';
import { users } from '../../db/schema';
import { bearer, buildTestApp, signUp, TEST_PASSWORD, uniqueEmail, userWithRole } from '../../test/helpers';
import { useAuthApp } from './auth.test-helpers';

const { t, post, me } = useAuthApp();

describe('cross-site requests', () => {
  it('refuses a state-changing request marked sec-fetch-site: cross-site', async () => {
    const email = uniqueEmail('csrf');
    const response = await post(
      '/api/auth/signup',
      { email, password: TEST_PASSWORD, displayName: 'Csrf' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: pagesEn.errors.crossOrigin, code: 'CROSS_ORIGIN' });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses a state-changing request from another origin, even with a valid session', async () => {
    const account = await signUp(t.app);
    const response = await post('/api/auth/signout', undefined, {
      cookie: account.cookie,
      origin: 'https://evil.example',
      host: 'localhost',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'CROSS_ORIGIN' });
    expect((await me({ cookie: account.cookie })).statusCode).toBe(200);
  });

  it('refuses it on a percent-encoded path as well', async () => {
    const account = await signUp(t.app);
    const response = await post(
      '/%61pi/auth/signin',
      { email: account.email, password: account.password },
      { origin: 'https://evil.example', host: 'localhost' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'CROSS_ORIGIN' });
  });

  it('lets same-origin requests through', async () => {
    const account = await signUp(t.app);
    const response = await post('/api/auth/signout', undefined, {
      cookie: account.cookie,
      origin: 'http://localhost:80',
      host: 'localhost:80',
      'sec-fetch-site': 'same-origin',
    });
    expect(response.statusCode).toBe(200);
    expect((await me({ cookie: account.cookie })).statusCode).toBe(401);
  });

  it('lets requests without browser headers, typed-in navigations and cross-site reads through', async () => {
    const account = await signUp(t.app);
    expect(
      (await post('/api/auth/signin', { email: account.email, password: account.password })).statusCode,
    ).toBe(200);
    const typed = await post(
      '/api/auth/signin',
      { email: account.email, password: account.password },
      { 'sec-fetch-site': 'none' },
    );
    expect(typed.statusCode).toBe(200);
    const read = await me({
      ...bearer(account.token),
      'sec-fetch-site': 'cross-site',
      origin: 'https://evil.example',
    });
    expect(read.statusCode).toBe(200);
  });

  it('accepts the origin of PUBLIC_URL behind a proxy that rewrites the host', async () => {
    const app = await buildTestApp(t.database, {
      PUBLIC_URL: 'https://mentorme.example',
      MAIL_DISABLED: 'true',
    });
    try {
      const headers = { origin: 'https://mentorme.example', host: '10.0.0.5:5000' };
      const ok = await app.inject({ method: 'POST', url: '/api/auth/signout', headers });
      expect(ok.statusCode).toBe(200);
      const evil = await app.inject({
        method: 'POST',
        url: '/api/auth/signout',
        headers: { ...headers, origin: 'https://mentorme.example.evil.example' },
      });
      expect(evil.statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });
});

describe('admin paths', () => {
  const paths = [
    '/api/admin',
    '/api/admin?x=1',
    '/api/admin/',
    '/api/admin/users',
    '/api/%61dmin/users',
    '/api/admin/reports/42?status=open',
  ];

  it('answers 401 to visitors on every /api/admin path', async () => {
    for (const url of paths) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toEqual({ error: pagesEn.errors.unauthorized, code: 'UNAUTHORIZED' });
    }
    const write = await t.app.inject({ method: 'POST', url: '/api/admin/users', payload: {} });
    expect(write.statusCode).toBe(401);
  });

  it('answers 403 to students and mentors', async () => {
    const student = await userWithRole(t.app, t.db, 'student');
    const mentor = await userWithRole(t.app, t.db, 'mentor');
    for (const url of paths) {
      for (const account of [student, mentor]) {
        const response = await t.app.inject({ method: 'GET', url, headers: bearer(account.token) });
        expect(response.statusCode, `${account.user.role} ${url}`).toBe(403);
        expect(response.json()).toEqual({ error: pagesEn.errors.forbidden, code: 'FORBIDDEN' });
      }
    }
  });

  it('lets admins through: the routes that exist answer, the rest are not found', async () => {
    const admin = await userWithRole(t.app, t.db, 'admin');
    const expected: Record<string, number> = {
      '/api/admin/users': 200,
      '/api/%61dmin/users': 200,
      '/api/admin/reports/42?status=open': 404,
    };
    for (const url of paths) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
      expect(response.statusCode, url).toBe(expected[url] ?? 404);
    }
  });
});
