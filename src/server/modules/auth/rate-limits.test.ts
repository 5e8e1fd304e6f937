import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagesEn } from '../../../shared/i18n/pages.en';
import { translate } from '../../../shared/i18n';
import {
  buildTestApp,
  createTestDatabase,
  signUp,
  TEST_PASSWORD,
  uniqueEmail,
  type TestDatabase,
} from '../../test/helpers';

let database: TestDatabase;
/** The application's own default limits: 6 sign-ins a minute and 10 sign-ups an hour per IP. */
let defaults: FastifyInstance;
/** Only the per-account limit is low here: 3 failed sign-ins an hour. */
let accountLimited: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  defaults = await buildTestApp(database, {
    RATE_LIMIT_SIGNIN_PER_MINUTE: undefined,
    RATE_LIMIT_SIGNIN_PER_HOUR: undefined,
    RATE_LIMIT_SIGNUP_PER_HOUR: undefined,
    RATE_LIMIT_FAILED_SIGNIN_PER_ACCOUNT_PER_HOUR: undefined,
  });
  accountLimited = await buildTestApp(database, { RATE_LIMIT_FAILED_SIGNIN_PER_ACCOUNT_PER_HOUR: '3' });
});

afterAll(async () => {
  await defaults?.close();
  await accountLimited?.close();
  await database?.drop();
});

function signin(app: FastifyInstance, email: string, password: string, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password }, remoteAddress });
}

function signup(app: FastifyInstance, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email: uniqueEmail('limit'), password: TEST_PASSWORD, displayName: 'Limit' },
    remoteAddress,
  });
}

describe('sign-in limit per IP', () => {
  it('answers the 7th sign-in within a minute with 429, and counts each IP separately', async () => {
    const ip = '203.0.113.7';
    const account = await signUp(defaults, {}, { remoteAddress: '203.0.113.70' });
    // Successful and failed attempts both count.
    expect((await signin(defaults, account.email, account.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      expect((await signin(defaults, uniqueEmail('guess'), 'wrong-password', ip)).statusCode).toBe(401);
    }

    const blocked = await signin(defaults, account.email, account.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      error: translate('en', 'errors.tooManySignins', { minutes: 1 }),
      code: 'RATE_LIMITED',
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(blocked.cookies).toHaveLength(0);

    // Another IP is not affected.
    expect((await signin(defaults, account.email, account.password, '203.0.113.8')).statusCode).toBe(200);
  });

  it('answers in Vietnamese for Accept-Language: vi', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 6; i += 1) await signin(defaults, uniqueEmail('guess'), 'wrong-password', ip);
    const blocked = await defaults.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: uniqueEmail(), password: 'wrong-password' },
      remoteAddress: ip,
      headers: { 'accept-language': 'vi' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(translate('vi', 'errors.tooManySignins', { minutes: 1 }));
  });
});

describe('sign-up limit per IP', () => {
  it('answers the 11th sign-up within an hour with 429, and counts each IP separately', async () => {
    const ip = '198.51.100.11';
    for (let i = 0; i < 10; i += 1) expect((await signup(defaults, ip)).statusCode).toBe(201);

    const blocked = await signup(defaults, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      error: translate('en', 'errors.tooManySignups', { minutes: 60 }),
      code: 'RATE_LIMITED',
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    expect((await signup(defaults, '198.51.100.12')).statusCode).toBe(201);
  });

  it('counts attempts that fail too, so probing which emails have accounts is limited', async () => {
    const ip = '198.51.100.13';
    const taken = await signUp(defaults, {}, { remoteAddress: '198.51.100.14' });
    const probe = () =>
      defaults.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: taken.email, password: TEST_PASSWORD, displayName: 'Probe' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 10; i += 1) expect((await probe()).statusCode).toBe(409);
    const blocked = await probe();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
  });
});

describe('failed sign-ins per account and address', () => {
  it('locks the account for the address that failed 3 times, even for the right password', async () => {
    const account = await signUp(accountLimited);
    const address = '192.0.2.1';
    for (let i = 0; i < 3; i += 1) {
      const failed = await signin(accountLimited, account.email, `wrong-password-${i}`, address);
      expect(failed.statusCode).toBe(401);
      expect(failed.json().code).toBe('INVALID_CREDENTIALS');
    }

    const locked = await signin(accountLimited, account.email, account.password, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: translate('en', 'errors.accountLocked', { minutes: 60 }),
      code: 'RATE_LIMITED',
    });
    expect(locked.json().error).toContain(pagesEn.errors.accountLocked.split('{{')[0]);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(locked.cookies).toHaveLength(0);

    // The email is matched whatever its case.
    expect(
      (await signin(accountLimited, account.email.toUpperCase(), account.password, address)).statusCode,
    ).toBe(429);
    // The existing session is not touched, and other accounts can still sign in from there.
    const me = await accountLimited.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(me.statusCode).toBe(200);
    const other = await signUp(accountLimited);
    expect((await signin(accountLimited, other.email, other.password, address)).statusCode).toBe(200);
  });

  it('does not let failures from other addresses lock the owner out', async () => {
    const account = await signUp(accountLimited);
    for (let i = 0; i < 9; i += 1) {
      const failed = await signin(accountLimited, account.email, `wrong-${i}`, `192.0.2.${100 + (i % 3)}`);
      expect(failed.statusCode).toBe(401);
    }
    expect((await signin(accountLimited, account.email, account.password, '192.0.2.100')).statusCode).toBe(
      429,
    );
    expect((await signin(accountLimited, account.email, account.password, '198.51.100.77')).statusCode).toBe(
      200,
    );
  });
});
