import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema,
  changePasswordSchema,
  deleteAccountSchema,
  demoSigninSchema,
  signinSchema,
  signupSchema,
  updateProfileSchema,
  userSchema,
} from '../../../shared/schemas/auth';
import { errorResponseSchema, okSchema } from '../../../shared/schemas/common';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { errors } from '../../errors';
import { clearSessionCookie, demoSignInAllowed, requireUser, setSessionCookie } from '../../plugins/auth';
import { WindowLimiter } from '../../plugins/limiter';
import * as auth from './service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const userResponse = z.object({ user: userSchema });
const errorReplies = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export async function authRoutes(app: FastifyInstance, opts: { db: Database; config: Config }) {
  const { db, config } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = config.rateLimits;
  const signinLimiter = new WindowLimiter([
    { limit: limits.signinPerMinute, windowMs: MINUTE, messageKey: 'errors.tooManySignins' },
    { limit: limits.signinPerHour, windowMs: HOUR, messageKey: 'errors.tooManySignins' },
  ]);
  const signupLimiter = new WindowLimiter([
    { limit: limits.signupPerHour, windowMs: HOUR, messageKey: 'errors.tooManySignups' },
  ]);

  const enforce = (limiter: WindowLimiter, key: string) => {
    const blocked = limiter.check(key);
    if (blocked) throw errors.tooManyRequests(blocked.messageKey, blocked.retryAfterSeconds);
  };

  r.post(
    '/api/auth/signup',
    {
      schema: {
        tags: ['auth'],
        body: signupSchema,
        response: {
          201: authResponseSchema,
          ...errorReplies,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // Every attempt counts, not only the ones that succeed: "this email is taken" tells who has an account.
      enforce(signupLimiter, request.ip);
      signupLimiter.record(request.ip);
      const { token, user } = await auth.signUp(db, request.body);
      setSessionCookie(reply, config, token);
      return reply.code(201).send({ token, user: auth.toPublicUser(user) });
    },
  );

  r.post(
    '/api/auth/signin',
    {
      schema: {
        tags: ['auth'],
        body: signinSchema,
        response: { 200: authResponseSchema, ...errorReplies, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      enforce(signinLimiter, request.ip);
      signinLimiter.record(request.ip);
      const { token, user } = await auth.signIn(
        db,
        request.body,
        request.ip,
        limits.failedSigninPerAccountPerHour,
      );
      setSessionCookie(reply, config, token);
      return { token, user: auth.toPublicUser(user) };
    },
  );

  r.post(
    '/api/auth/demo',
    {
      schema: {
        tags: ['auth'],
        body: demoSigninSchema,
        response: { 200: authResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      if (!demoSignInAllowed(config, request)) throw errors.notFound();
      const { token, user } = await auth.demoSignIn(db, request.body.role);
      setSessionCookie(reply, config, token);
      return { token, user: auth.toPublicUser(user) };
    },
  );

  r.post(
    '/api/auth/signout',
    { schema: { tags: ['auth'], response: { 200: okSchema } } },
    async (request, reply) => {
      if (request.sessionId) await auth.signOut(db, request.sessionId);
      clearSessionCookie(reply, config);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/auth/me',
    { schema: { tags: ['auth'], response: { 200: userResponse, 401: errorResponseSchema } } },
    async (request) => ({ user: auth.toPublicUser(requireUser(request)) }),
  );

  r.patch(
    '/api/auth/me',
    {
      schema: { tags: ['auth'], body: updateProfileSchema, response: { 200: userResponse, ...errorReplies } },
    },
    async (request) => {
      const user = requireUser(request);
      return { user: auth.toPublicUser(await auth.updateProfile(db, user.id, request.body)) };
    },
  );

  r.post(
    '/api/auth/password',
    { schema: { tags: ['auth'], body: changePasswordSchema, response: { 200: okSchema, ...errorReplies } } },
    async (request) => {
      const user = requireUser(request);
      await auth.changePassword(db, user, request.sessionId, request.body);
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/auth/me',
    { schema: { tags: ['auth'], body: deleteAccountSchema, response: { 200: okSchema, ...errorReplies } } },
    async (request, reply) => {
      const user = requireUser(request);
      await auth.deleteAccount(db, user, request.body.password);
      clearSessionCookie(reply, config);
      return { ok: true as const };
    },
  );
}
