import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESSION } from '../../../shared/constants';
import { pagesEn } from '../../../shared/i18n/pages.en';
import { pagesVi } from '../../../shared/i18n/pages.vi';
import { seedDemo } from '../../db/seed/demo';
import { failedSignins, sessions, users } from '../../db/schema';
import { bearer, buildTestApp, signIn, signUp, uniqueEmail } from '../../test/helpers';
import { sha256, THIRTY_DAYS_MS, useAuthApp } from './auth.test-helpers';

const { t, post, me, sessionRows } = useAuthApp();

describe('sign-in', () => {
  it('signs in with the right password, case-insensitively on the email, with a new session', async () => {
    const account = await signUp(t.app);
    const response = await post('/api/auth/signin', {
      email: account.email.toUpperCase(),
      password: account.password,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toEqual(account.user);
    expect(body.token).not.toBe(account.token);
    expect(response.cookies.find((c) => c.name === SESSION.cookieName)).toMatchObject({
      value: body.token,
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(await sessionRows(account.user.id)).toHaveLength(2);
  });

  it('answers a wrong password and an unknown email with exactly the same 401 body', async () => {
    const account = await signUp(t.app);
    const wrong = await post('/api/auth/signin', { email: account.email, password: 'not-the-password' });
    const unknown = await post('/api/auth/signin', {
      email: uniqueEmail('nobody'),
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.cookies).toHaveLength(0);
  });

  it('records failed sign-ins against the lower-cased email', async () => {
    const email = uniqueEmail('failing');
    await post('/api/auth/signin', { email: email.toUpperCase(), password: 'nope-nope' });
    const rows = await t.db.select().from(failedSignins).where(eq(failedSignins.email, email));
    expect(rows).toHaveLength(1);
  });

  it('answers in Vietnamese for Accept-Language: vi', async () => {
    const headers = { 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.8' };
    const response = await post('/api/auth/signin', { email: uniqueEmail(), password: 'whatever1' }, headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: pagesVi.errors.invalidCredentials,
      code: 'INVALID_CREDENTIALS',
    });
    expect(response.json().error).toBe('Email hoặc mật khẩu không đúng');
  });
});

describe('sessions', () => {
  it('answers /api/auth/me with the user for a bearer token and for the cookie', async () => {
    const account = await signUp(t.app);
    const withBearer = await me(bearer(account.token));
    expect(withBearer.statusCode).toBe(200);
    expect(withBearer.json()).toEqual({ user: account.user });

    const withCookie = await me({ cookie: account.cookie });
    expect(withCookie.statusCode).toBe(200);
    expect(withCookie.json()).toEqual({ user: account.user });
  });

  it('answers /api/auth/me with 401 without a session or with an unknown token', async () => {
    const none = await me({});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: pagesEn.errors.unauthorized, code: 'UNAUTHORIZED' });
    expect((await me(bearer('not-a-real-token'))).statusCode).toBe(401);
    expect((await me(bearer('x'.repeat(500)))).statusCode).toBe(401);
  });

  it('clears a cookie that carries an unknown session', async () => {
    const response = await me({ cookie: `${SESSION.cookieName}=stale-token` });
    expect(response.statusCode).toBe(401);
    const cleared = response.cookies.find((c) => c.name === SESSION.cookieName);
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
  });

  it('stores only the SHA-256 hex of the token, with a 30-day expiry', async () => {
    const account = await signUp(t.app);
    const rows = await sessionRows(account.user.id);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.tokenHash).toBe(sha256(account.token));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const ttl = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(THIRTY_DAYS_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(THIRTY_DAYS_MS);

    const everything = await t.db.$client.query('select * from sessions');
    expect(everything.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(everything.rows)).not.toContain(account.token);
    const userRows = await t.db.$client.query('select * from users');
    expect(JSON.stringify(userRows.rows)).not.toContain(account.token);
  });

  it('refuses an expired session, by bearer and by cookie', async () => {
    const account = await signUp(t.app);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, account.user.id));
    expect((await me(bearer(account.token))).statusCode).toBe(401);
    const withCookie = await me({ cookie: account.cookie });
    expect(withCookie.statusCode).toBe(401);
    expect(withCookie.cookies.find((c) => c.name === SESSION.cookieName)?.value).toBe('');
  });

  it('slides the expiry forward when a session is used after an hour', async () => {
    const account = await signUp(t.app);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await t.db
      .update(sessions)
      .set({ lastUsedAt: twoHoursAgo, expiresAt: tomorrow })
      .where(eq(sessions.userId, account.user.id));

    const response = await me({ cookie: account.cookie });
    expect(response.statusCode).toBe(200);
    // The cookie is refreshed with the new lifetime.
    expect(response.cookies.find((c) => c.name === SESSION.cookieName)?.value).toBe(account.token);

    const [row] = await sessionRows(account.user.id);
    expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(THIRTY_DAYS_MS - 60_000);
    expect(row?.lastUsedAt.getTime()).toBeGreaterThan(twoHoursAgo.getTime());
    const [user] = await t.db.select().from(users).where(eq(users.id, account.user.id));
    expect(user?.lastSeenAt).toBeInstanceOf(Date);
  });

  it('signs out: the session row goes, the token stops working and the cookie is cleared', async () => {
    const account = await signUp(t.app);
    const other = await signIn(t.app, account.email, account.password);
    const response = await post('/api/auth/signout', undefined, bearer(account.token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(response.cookies.find((c) => c.name === SESSION.cookieName)?.value).toBe('');
    expect((await me(bearer(account.token))).statusCode).toBe(401);
    expect((await me({ cookie: account.cookie })).statusCode).toBe(401);
    // Only that session ends.
    expect((await me(bearer(other.token))).statusCode).toBe(200);
    const rows = await sessionRows(account.user.id);
    expect(rows.map((r) => r.tokenHash)).toEqual([sha256(other.token)]);
  });

  it('signs out a cookie session', async () => {
    const account = await signUp(t.app);
    const response = await post('/api/auth/signout', undefined, { cookie: account.cookie });
    expect(response.statusCode).toBe(200);
    expect((await me({ cookie: account.cookie })).statusCode).toBe(401);
  });

  it('answers sign-out without a session with 200', async () => {
    const response = await post('/api/auth/signout', undefined);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});

describe('demo sign-in', () => {
  it('signs in as the demo account of the role when demo mode is on', async () => {
    await seedDemo(t.db);
    const response = await post('/api/auth/demo', { role: 'mentor' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ email: 'mentor@demo.mentorme.example', role: 'mentor' });
    expect(response.cookies.find((c) => c.name === SESSION.cookieName)?.value).toBe(body.token);
    expect((await me(bearer(body.token))).json().user.email).toBe('mentor@demo.mentorme.example');

    const student = await post('/api/auth/demo', { role: 'student' });
    expect(student.json().user.role).toBe('student');
    expect((await post('/api/auth/demo', { role: 'owner' })).statusCode).toBe(400);
  });

  it('answers 404 when demo mode is off', async () => {
    await seedDemo(t.db);
    const app = await buildTestApp(t.database, { DEMO_MODE: 'false' });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/demo',
        payload: { role: 'mentor' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: pagesEn.errors.notFound, code: 'NOT_FOUND' });
      expect(response.cookies).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});

describe('production cookie', () => {
  it('is named __Host-mentorme_session and marked Secure', async () => {
    const app = await buildTestApp(t.database, { NODE_ENV: 'production' });
    try {
      const account = await signUp(app);
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: account.email, password: account.password },
      });
      const cookie = response.cookies.find((c) => c.name === SESSION.productionCookieName);
      expect(cookie).toMatchObject({ path: '/', httpOnly: true, secure: true, sameSite: 'Lax' });
      expect(response.cookies.find((c) => c.name === SESSION.cookieName)).toBeUndefined();
      const check = await app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: `${SESSION.productionCookieName}=${cookie?.value}` },
      });
      expect(check.statusCode).toBe(200);
      // The development name is not read in production.
      expect(
        (await app.inject({ url: '/api/auth/me', headers: { cookie: account.cookie } })).statusCode,
      ).toBe(401);
    } finally {
      await app.close();
    }
  });
});
