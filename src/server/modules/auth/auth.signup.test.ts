import { dictionary } from '@zxcvbn-ts/language-common';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESSION } from '../../../shared/constants';
import { pagesEn } from '../../../shared/i18n/pages.en';
import { pagesVi } from '../../../shared/i18n/pages.vi';
import { users } from '../../db/schema';
import { signUp, TEST_PASSWORD, uniqueEmail } from '../../test/helpers';
import { THIRTY_DAYS_MS, useAuthApp } from './auth.test-helpers';

const { t, post } = useAuthApp();

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
      'emailVerified',
      'id',
      'isDemo',
      'locale',
      'mentorDeclinedReason',
      'mentorVerified',
      'role',
      'state',
    ]);
    expect(body.user).toMatchObject({
      email,
      displayName: 'Lan Nguyen',
      role: 'student',
      locale: 'en',
      isDemo: false,
      mentorVerified: false,
      emailVerified: false,
      mentorDeclinedReason: null,
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
    expect(again.json()).toEqual({ error: pagesEn.errors.emailTaken, code: 'EMAIL_TAKEN' });
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

  it('asks a mentor what they can help with, keeps it for the admins, and ignores it from a student', async () => {
    const apply = (payload: object, locale = 'en') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'accept-language': locale },
        payload: {
          email: uniqueEmail('m'),
          password: 'a-long-enough-passphrase',
          displayName: 'Hoa',
          ...payload,
        },
      });
    // The spec's four fields sign a mentor up; without a headline they wait as "profile incomplete".
    const spec = await apply({ role: 'mentor' });
    expect(spec.statusCode).toBe(201);
    expect(spec.json().user).toMatchObject({ role: 'mentor', mentorVerified: false });
    const blank = await apply({ role: 'mentor', headline: '   ' }, 'vi');
    expect(blank.statusCode).toBe(201);
    const [kept] = await t.db.select().from(users).where(eq(users.id, blank.json().user.id));
    expect(kept!.headline).toBeNull();
    expect((await apply({ role: 'mentor', headline: 'x'.repeat(121) })).json().error).toBe(
      pagesEn.validation.headlineMax,
    );
    expect((await apply({ role: 'mentor', headline: 'Nurse', story: 'y'.repeat(1001) })).json().error).toBe(
      pagesEn.validation.storyMax,
    );

    const mentor = await apply({ role: 'mentor', headline: ' Nurse in Perth ', story: 'Came here in 2019.' });
    expect(mentor.statusCode).toBe(201);
    const student = await apply({ role: 'student', headline: 'Not kept', story: 'Not kept either' });
    expect(student.statusCode).toBe(201);
    const rows = await t.db
      .select({ headline: users.headline, story: users.story })
      .from(users)
      .where(inArray(users.id, [mentor.json().user.id, student.json().user.id]))
      .orderBy(users.role);
    expect(rows).toEqual([
      { headline: 'Nurse in Perth', story: 'Came here in 2019.' },
      { headline: null, story: null },
    ]);
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
    expect(response.json()).toEqual({ error: pagesEn.validation.roleInvalid, code: 'VALIDATION' });
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
    ['empty', '', pagesEn.validation.displayNameRequired],
    ['only spaces', '    ', pagesEn.validation.displayNameRequired],
    ['61 characters', 'b'.repeat(61), pagesEn.validation.displayNameMax],
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
    expect(long.json()).toEqual({ error: pagesEn.validation.passwordMax, code: 'VALIDATION' });
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
      expect(response.json()).toEqual({ error: pagesEn.validation.passwordCommon, code: 'COMMON_PASSWORD' });
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
    expect(response.json()).toEqual({ error: pagesVi.validation.passwordMin, code: 'VALIDATION' });
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
