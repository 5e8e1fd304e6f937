import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import type { RateLimit } from '../../plugins/rate-limit';
import * as auth from './service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const userResponse = z.object({ user: userSchema });
const errorReplies = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const authRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, opts) => {
  const { db, config } = opts;
  const limits = config.rateLimits;
  const perAddress = (request: { ip: string }) => request.ip;
  const signinLimits: RateLimit[] = [
    {
      name: 'signin-minute',
      max: limits.signinPerMinute,
      windowMs: MINUTE,
      key: perAddress,
      messageKey: 'errors.tooManySignins',
    },
    {
      name: 'signin-hour',
      max: limits.signinPerHour,
      windowMs: HOUR,
      key: perAddress,
      messageKey: 'errors.tooManySignins',
    },
  ];
  // Every attempt counts, not only the ones that succeed: "this email is taken" tells who has an account.
  const signupLimits: RateLimit[] = [
    {
      name: 'signup-hour',
      max: limits.signupPerHour,
      windowMs: HOUR,
      key: perAddress,
      messageKey: 'errors.tooManySignups',
    },
  ];

  app.post(
    '/api/auth/signup',
    {
      config: { rateLimits: signupLimits },
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
      const { token, user } = await auth.signUp(db, request.body);
      setSessionCookie(reply, config, token);
      return reply.code(201).send({ token, user: auth.toPublicUser(user) });
    },
  );

  app.post(
    '/api/auth/signin',
    {
      config: { rateLimits: signinLimits },
      schema: {
        tags: ['auth'],
        body: signinSchema,
        response: { 200: authResponseSchema, ...errorReplies, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
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

  app.post(
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

  app.post(
    '/api/auth/signout',
    { schema: { tags: ['auth'], response: { 200: okSchema } } },
    async (request, reply) => {
      if (request.sessionId) await auth.signOut(db, request.sessionId);
      clearSessionCookie(reply, config);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/me',
    { schema: { tags: ['auth'], response: { 200: userResponse, 401: errorResponseSchema } } },
    async (request) => ({ user: auth.toPublicUser(requireUser(request)) }),
  );

  app.patch(
    '/api/auth/me',
    {
      schema: { tags: ['auth'], body: updateProfileSchema, response: { 200: userResponse, ...errorReplies } },
    },
    async (request) => {
      const user = requireUser(request);
      return { user: auth.toPublicUser(await auth.updateProfile(db, user.id, request.body)) };
    },
  );

  // The person has read why their mentor application was declined.
  app.delete(
    '/api/auth/me/notice',
    { schema: { tags: ['auth'], response: { 204: z.null(), 401: errorResponseSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await auth.dismissNotice(db, user.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/password',
    { schema: { tags: ['auth'], body: changePasswordSchema, response: { 200: okSchema, ...errorReplies } } },
    async (request) => {
      const user = requireUser(request);
      await auth.changePassword(db, user, request.sessionId, request.body);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/auth/me',
    { schema: { tags: ['auth'], body: deleteAccountSchema, response: { 200: okSchema, ...errorReplies } } },
    async (request, reply) => {
      const user = requireUser(request);
      await auth.deleteAccount(db, user, request.body.password);
      clearSessionCookie(reply, config);
      return { ok: true as const };
    },
  );
};
