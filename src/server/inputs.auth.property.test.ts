/**
 * Every field of sign-up, sign-in, the profile and an email change, the emailed links' tokens, and any session
 * token: the answer is never a 5xx.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SESSION } from '../shared/constants';
import {
  anything,
  charIn,
  displayName,
  encode,
  lineOk,
  oneFieldOff,
  piece,
} from './inputs.arbitraries.test-helpers';
import { FEW_RUNS, json, RUNS, TIMEOUT, useInputsApp } from './inputs.test-helpers';
import { createUser } from './modules/questions/questions.test-helpers';
import { bearer, TEST_PASSWORD } from './test/helpers';

const { t, send, admin, profileUser } = useInputsApp();

describe('auth', () => {
  const freshEmail = fc.oneof(
    fc.uuid().map((id) => `fuzz-${id}@example.com`),
    fc.uuid().map((id) => `  FUZZ-${id}@Example.COM `),
  );
  /** Passwords may hold anything (NUL and lone surrogates too); only their length is checked. */
  const password = fc.oneof(
    fc.uuid().map((id) => `${TEST_PASSWORD}-${id}`),
    fc
      .tuple(fc.uuid(), fc.string({ unit: piece, maxLength: 80 }))
      .map(([id, rest]) => `${id}${rest}`.slice(0, 128)),
  );

  it(
    'POST /api/auth/signup: displayName, email, password, role and locale; and the account signs in',
    async () => {
      const body = oneFieldOff(
        fc.record({
          displayName,
          email: freshEmail,
          password,
          role: fc.constantFrom('student', 'mentor'),
          locale: fc.option(fc.constantFrom('en', 'vi'), { nil: undefined }),
        }),
        {
          displayName: anything(60),
          email: fc.oneof(
            anything(254),
            fc.emailAddress(),
            lineOk(10).map((v) => `${v}@example.com`),
          ),
          password: anything(128),
          role: fc.oneof(anything(), fc.constant('admin')),
          locale: anything(),
        },
      );
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const response = await send({ method: 'POST', url: '/api/auth/signup', headers: json, payload });
          if (response.statusCode === 201) {
            const signin = await send({
              method: 'POST',
              url: '/api/auth/signin',
              headers: json,
              payload: { email: payload.email, password: payload.password },
            });
            expect(signin.statusCode).toBe(200);
          }
        }),
        FEW_RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'POST /api/auth/signin: email and password',
    async () => {
      const body = oneFieldOff(
        fc.record({
          email: fc.constantFrom(profileUser.email, admin.email),
          password: fc.constant(TEST_PASSWORD),
        }),
        { email: anything(254), password: anything(1024) },
      );
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          await send({ method: 'POST', url: '/api/auth/signin', headers: json, payload });
        }),
        FEW_RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'PATCH /api/auth/me: displayName and locale',
    async () => {
      const body = oneFieldOff(
        fc.record({ displayName, locale: fc.option(fc.constantFrom('en', 'vi'), { nil: undefined }) }),
        { displayName: anything(60), locale: anything() },
      );
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const headers = bearer(profileUser.token);
          const response = await send({
            method: 'PATCH',
            url: '/api/auth/me',
            headers: { ...json, ...headers },
            payload,
          });
          if (response.statusCode === 200) await send({ method: 'GET', url: '/api/auth/me', headers });
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'PATCH /api/auth/me: a new email and the current password, free or taken, from a member of its own',
    async () => {
      const body = oneFieldOff(
        fc.record({
          email: fc.oneof(freshEmail, fc.constant(profileUser.email)),
          currentPassword: password,
        }),
        { email: anything(254), currentPassword: anything(1024) },
      );
      let caller = 0;
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          // Each run its own member and address, so the hourly limits on email changes do not answer for the rest.
          const member = await createUser(t.db);
          caller += 1;
          await send({
            method: 'PATCH',
            url: '/api/auth/me',
            headers: { ...json, ...member.headers },
            payload,
            remoteAddress: `10.77.${caller >> 8}.${caller & 255}`,
          });
        }),
        FEW_RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'the tokens of emailed links: confirming an address, choosing a password, cancelling an email change',
    async () => {
      const token = fc.oneof(
        anything(200),
        fc.base64String({ maxLength: 60 }).map((v) => v.replaceAll('+', '-').replaceAll('/', '_')),
      );
      const url = fc.constantFrom(
        '/api/auth/verify-email',
        '/api/auth/password-reset/confirm',
        '/api/auth/email-change/cancel',
      );
      await fc.assert(
        fc.asyncProperty(url, token, fc.boolean(), async (target, value, signedIn) => {
          await send({
            method: 'POST',
            url: target,
            headers: { ...json, ...(signedIn ? bearer(profileUser.token) : {}) },
            payload: { token: value, password: `${TEST_PASSWORD}-new` },
          });
        }),
        FEW_RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'any session token, as a bearer token or a cookie',
    async () => {
      const token = fc.oneof(
        fc.string({ unit: 'grapheme-ascii', maxLength: 200 }),
        fc.string({ unit: charIn(0x20, 0xff) }),
      );
      await fc.assert(
        fc.asyncProperty(token, fc.boolean(), async (value, asCookie) => {
          await send({
            method: 'GET',
            url: '/api/auth/me',
            headers: asCookie
              ? { cookie: `${SESSION.cookieName}=${encode(value)}` }
              : { authorization: `Bearer ${value}` },
          });
        }),
        FEW_RUNS,
      );
    },
    TIMEOUT,
  );
});
