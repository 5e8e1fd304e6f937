import { createHash } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESSION } from '../../../shared/constants';
import { en } from '../../../shared/i18n/en';
import { vi as viText } from '../../../shared/i18n/vi';
import { seedDemo } from '../../db/seed/demo';
import { failedSignins, sessions, users } from '../../db/schema';
import {
  bearer,
  buildTestApp,
  signIn,
  signUp,
  TEST_PASSWORD,
  uniqueEmail,
  useTestApp,
  userWithRole,
} from '../../test/helpers';
import { changeRole } from './service';

const t = useTestApp();

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

function me(headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
}

async function sessionRows(userId: string) {
  return t.db.select().from(sessions).where(eq(sessions.userId, userId));
}

describe('sign-up', () => {
  it('creates the account, answers 201 with { token, user } and sets an HttpOnly SameSite=Lax cookie', async () => {
    const email = uniqueEmail('signup');
    const response = await post('/api/auth/signup', {
      email,
      password: TEST_PASSWORD,
      displayName: 'Lan Nguyen',
    });
    expect(response.statusCode).toBe(201);

    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits, base64url
    expect(Object.keys(body.user).sort()).toEqual([
      'createdAt',
      'displayName',
      'email',
      'id',
      'isDemo',
      'locale',
      'role',
    ]);
    expect(body.user).toMatchObject({
      email,
      displayName: 'Lan Nguyen',
      role: 'student',
      locale: 'en',
      isDemo: false,
    });
    expect(Number.isNaN(Date.parse(body.user.createdAt))).toBe(false);

    const cookie = response.cookies.find((c) => c.name === SESSION.cookieName);
    expect(cookie).toMatchObject({ value: body.token, path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.maxAge).toBe(THIRTY_DAYS_MS / 1000);
    expect(cookie?.secure).toBeFalsy();
    const raw = String(response.headers['set-cookie']);
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Lax/);
  });

  it('stores the email lower-cased and keeps it unique regardless of case', async () => {
    const local = `Mixed.Case-${Date.now()}`;
    const first = await signUp(t.app, { email: `${local}@Example.COM` });
    const lower = `${local}@example.com`.toLowerCase();
    expect(first.user.email).toBe(lower);
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, first.user.id));
    expect(row?.email).toBe(lower);

    const again = await post('/api/auth/signup', {
      email: lower.toUpperCase(),
      password: TEST_PASSWORD,
      displayName: 'Someone Else',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: en.errors.emailTaken, code: 'EMAIL_TAKEN' });
  });

  it('answers 409 EMAIL_TAKEN for A@x.com after a@x.com', async () => {
    const local = `dup-${Date.now()}`;
    await signUp(t.app, { email: `${local}@x.com` });
    const response = await post('/api/auth/signup', {
      email: `${local.toUpperCase()}@X.COM`,
      password: TEST_PASSWORD,
      displayName: 'Dup',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
  });

  it('has a case-insensitive unique index in the database itself', async () => {
    const { user } = await signUp(t.app);
    const insert = t.db
      .insert(users)
      .values({ email: user.email.toUpperCase(), displayName: 'Raw', passwordHash: 'x' });
    await expect(insert).rejects.toMatchObject({ cause: { code: '23505' } });
  });

  it('defaults the role to student and accepts mentor', async () => {
    expect((await signUp(t.app)).user.role).toBe('student');
    expect((await signUp(t.app, { role: 'mentor' })).user.role).toBe('mentor');
  });

  it('refuses the admin role with 400', async () => {
    const email = uniqueEmail('admin');
    const response = await post('/api/auth/signup', {
      email,
      password: TEST_PASSWORD,
      displayName: 'Sneaky',
      role: 'admin',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: en.validation.roleInvalid, code: 'VALIDATION' });
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
  });

  it('stores the chosen locale', async () => {
    expect((await signUp(t.app, { locale: 'vi' })).user.locale).toBe('vi');
  });

  it('trims the display name and accepts 60 characters', async () => {
    expect((await signUp(t.app, { displayName: '   Minh Tran  ' })).user.displayName).toBe('Minh Tran');
    expect((await signUp(t.app, { displayName: 'a'.repeat(60) })).user.displayName).toHaveLength(60);
  });

  it.each([
    ['empty', '', en.validation.displayNameRequired],
    ['only spaces', '    ', en.validation.displayNameRequired],
    ['61 characters', 'b'.repeat(61), en.validation.displayNameMax],
  ])('refuses a display name that is %s', async (_label, displayName, message) => {
    const response = await post('/api/auth/signup', {
      email: uniqueEmail(),
      password: TEST_PASSWORD,
      displayName,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, code: 'VALIDATION' });
  });

  it('refuses a password under 8 characters', async () => {
    const response = await post('/api/auth/signup', {
      email: uniqueEmail(),
      password: 'Ab3$xyz',
      displayName: 'Short',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Password must be at least 8 characters.', code: 'VALIDATION' });
  });

  it('refuses a password over 128 characters and accepts exactly 128', async () => {
    const long = await post('/api/auth/signup', {
      email: uniqueEmail(),
      password: 'k'.repeat(129),
      displayName: 'Long',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: en.validation.passwordMax, code: 'VALIDATION' });
    expect((await signUp(t.app, { password: 'k7'.repeat(64) })).user.role).toBe('student');
  });

  it('refuses one of the 1,000 most common passwords, in any letter case', async () => {
    const common = dictionary['passwords-common'] as string[];
    for (const password of ['password1', 'qwertyuiop']) {
      const rank = common.indexOf(password);
      expect(rank).toBeGreaterThanOrEqual(0);
      expect(rank).toBeLessThan(1000);
    }
    for (const password of ['password1', 'QWERTYUIOP']) {
      const email = uniqueEmail('common');
      const response = await post('/api/auth/signup', { email, password, displayName: 'Common' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: en.validation.passwordCommon, code: 'COMMON_PASSWORD' });
      expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    }
  });

  it('answers validation errors in Vietnamese for Accept-Language: vi', async () => {
    const response = await post(
      '/api/auth/signup',
      { email: uniqueEmail(), password: 'short', displayName: 'Vi' },
      { 'accept-language': 'vi' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: viText.validation.passwordMin, code: 'VALIDATION' });
  });
});

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
    expect(response.json()).toEqual({ error: viText.errors.invalidCredentials, code: 'INVALID_CREDENTIALS' });
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
    expect(none.json()).toEqual({ error: en.errors.unauthorized, code: 'UNAUTHORIZED' });
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

describe('password change', () => {
  it('ends the other sessions, keeps the current one and takes the new password', async () => {
    const account = await signUp(t.app);
    const other = await signIn(t.app, account.email, account.password);
    const newPassword = 'Another-Strong-Passphrase-7';
    const response = await post(
      '/api/auth/password',
      { currentPassword: account.password, newPassword },
      bearer(account.token),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    expect((await me(bearer(account.token))).statusCode).toBe(200);
    expect((await me(bearer(other.token))).statusCode).toBe(401);
    expect(await sessionRows(account.user.id)).toHaveLength(1);

    expect(
      (await post('/api/auth/signin', { email: account.email, password: account.password })).statusCode,
    ).toBe(401);
    expect((await post('/api/auth/signin', { email: account.email, password: newPassword })).statusCode).toBe(
      200,
    );
  });

  it('answers 403 WRONG_PASSWORD for a wrong current password and changes nothing', async () => {
    const account = await signUp(t.app);
    const other = await signIn(t.app, account.email, account.password);
    const response = await post(
      '/api/auth/password',
      { currentPassword: 'not-my-password', newPassword: 'Brand-New-Passphrase-9' },
      bearer(account.token),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: en.errors.wrongPassword, code: 'WRONG_PASSWORD' });
    expect((await me(bearer(other.token))).statusCode).toBe(200);
    expect(
      (await post('/api/auth/signin', { email: account.email, password: account.password })).statusCode,
    ).toBe(200);
  });

  it('refuses a common or short new password', async () => {
    const account = await signUp(t.app);
    const common = await post(
      '/api/auth/password',
      { currentPassword: account.password, newPassword: 'password1' },
      bearer(account.token),
    );
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'COMMON_PASSWORD' });
    const short = await post(
      '/api/auth/password',
      { currentPassword: account.password, newPassword: 'short' },
      bearer(account.token),
    );
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ error: en.validation.passwordMin, code: 'VALIDATION' });
  });

  it('answers 401 without a session', async () => {
    const response = await post('/api/auth/password', {
      currentPassword: 'whatever1',
      newPassword: 'Whatever-Else-2',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('role change', () => {
  it('revokes every session of the user, and the new role applies from the next sign-in', async () => {
    const account = await signUp(t.app);
    const other = await signIn(t.app, account.email, account.password);
    const bystander = await signUp(t.app);

    const updated = await changeRole(t.db, account.user.id, 'mentor');
    expect(updated.role).toBe('mentor');

    expect((await me(bearer(account.token))).statusCode).toBe(401);
    expect((await me(bearer(other.token))).statusCode).toBe(401);
    expect(await sessionRows(account.user.id)).toHaveLength(0);
    expect((await me(bearer(bystander.token))).statusCode).toBe(200);

    const again = await signIn(t.app, account.email, account.password);
    expect(again.user.role).toBe('mentor');
  });

  it('throws NOT_FOUND for an unknown user', async () => {
    await expect(changeRole(t.db, '00000000-0000-4000-8000-000000000000', 'admin')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('profile', () => {
  it('updates the display name (trimmed) and the locale', async () => {
    const account = await signUp(t.app);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      payload: { displayName: '  Hoa Pham ', locale: 'vi' },
      headers: bearer(account.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: { ...account.user, displayName: 'Hoa Pham', locale: 'vi' } });
    expect((await me(bearer(account.token))).json().user).toMatchObject({
      displayName: 'Hoa Pham',
      locale: 'vi',
    });

    const onlyLocale = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      payload: { locale: 'en' },
      headers: bearer(account.token),
    });
    expect(onlyLocale.json().user).toMatchObject({ displayName: 'Hoa Pham', locale: 'en' });
  });

  it('answers 400 for an empty body, an unknown locale or an empty name', async () => {
    const account = await signUp(t.app);
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/auth/me', payload, headers: bearer(account.token) });

    const empty = await patch({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: en.validation.nothingToUpdate, code: 'VALIDATION' });
    const locale = await patch({ locale: 'fr' });
    expect(locale.statusCode).toBe(400);
    expect(locale.json()).toEqual({ error: en.validation.localeInvalid, code: 'VALIDATION' });
    expect((await patch({ displayName: '  ' })).statusCode).toBe(400);
    expect((await me(bearer(account.token))).json()).toEqual({ user: account.user });
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'PATCH', url: '/api/auth/me', payload: { locale: 'vi' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('account deletion', () => {
  it('refuses a wrong password with 403 and keeps the account', async () => {
    const account = await signUp(t.app);
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/me',
      payload: { password: 'not-my-password' },
      headers: bearer(account.token),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    expect(await t.db.select().from(users).where(eq(users.id, account.user.id))).toHaveLength(1);
    expect((await me(bearer(account.token))).statusCode).toBe(200);
  });

  it('removes the user row, its sessions and its failed sign-ins', async () => {
    const account = await signUp(t.app);
    await signIn(t.app, account.email, account.password);
    await post('/api/auth/signin', { email: account.email, password: 'a-wrong-password' });
    expect(
      await t.db.select().from(failedSignins).where(eq(failedSignins.email, account.email)),
    ).toHaveLength(1);

    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/me',
      payload: { password: account.password },
      headers: { cookie: account.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(response.cookies.find((c) => c.name === SESSION.cookieName)?.value).toBe('');

    expect(await t.db.select().from(users).where(eq(users.id, account.user.id))).toHaveLength(0);
    expect(await sessionRows(account.user.id)).toHaveLength(0);
    expect(
      await t.db.select().from(failedSignins).where(eq(failedSignins.email, account.email)),
    ).toHaveLength(0);
    expect((await me(bearer(account.token))).statusCode).toBe(401);
    expect(
      (await post('/api/auth/signin', { email: account.email, password: account.password })).statusCode,
    ).toBe(401);
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
      expect(response.json()).toEqual({ error: en.errors.notFound, code: 'NOT_FOUND' });
      expect(response.cookies).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request marked sec-fetch-site: cross-site', async () => {
    const email = uniqueEmail('csrf');
    const response = await post(
      '/api/auth/signup',
      { email, password: TEST_PASSWORD, displayName: 'Csrf' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: en.errors.crossOrigin, code: 'CROSS_ORIGIN' });
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
    const app = await buildTestApp(t.database, { PUBLIC_URL: 'https://mentorme.example' });
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
      expect(response.json(), url).toEqual({ error: en.errors.unauthorized, code: 'UNAUTHORIZED' });
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
        expect(response.json()).toEqual({ error: en.errors.forbidden, code: 'FORBIDDEN' });
      }
    }
  });

  it('lets admins through (404 until admin routes exist)', async () => {
    const admin = await userWithRole(t.app, t.db, 'admin');
    for (const url of paths) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
      expect([401, 403]).not.toContain(response.statusCode);
      expect(response.statusCode, url).toBe(404);
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

describe('the users table', () => {
  it('keeps only argon2id hashes, never passwords', async () => {
    const account = await signUp(t.app);
    const [row] = await t.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(sql`${users.id} = ${account.user.id}`);
    expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.hash).not.toContain(account.password);
  });
});
