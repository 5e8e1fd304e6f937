import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema,
  cancelEmailChangeSchema,
  demoSigninSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  signinSchema,
  signupSchema,
  userSchema,
  verifyEmailResponseSchema,
  verifyEmailSchema,
} from '../../../shared/schemas/auth';
import { errorResponseSchema, okSchema } from '../../../shared/schemas/common';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { errors } from '../../errors';
import { clearSessionCookie, demoSignInAllowed, requireUser, setSessionCookie } from '../../plugins/auth';
import { QUOTAS, RATE_LIMITS } from '../../lib/rate-limits';
import type { Outbox } from '../mail';
import { cancelEmailChange } from './email-change';
import * as links from './email-links';
import { askForReset } from './reset-requests';
import * as auth from './service';

const userResponse = z.object({ user: userSchema });
const errorReplies = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const authRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  outbox: Outbox;
  clock: () => Date;
}> = async (app, opts) => {
  const { db, config, outbox } = opts;
  const linkDeps: links.LinkDeps = { db, outbox, linkBase: config.linkBase, clock: opts.clock };
  const L = RATE_LIMITS;

  app.post(
    '/api/auth/signup',
    {
      config: { rateLimits: [L.signUp] },
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
      const { token, user } = await auth.signUp(db, request.body, (tx, created) =>
        links.sendVerification(linkDeps, tx, created),
      );
      outbox.queued();
      setSessionCookie(reply, config, token);
      return reply.code(201).send({ token, user: auth.toPublicUser(user) });
    },
  );

  app.post(
    '/api/auth/signin',
    {
      config: { rateLimits: [L.signInMinute, L.signInHour] },
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
        QUOTAS.failedSignInsPerHour(config),
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

  app.post(
    '/api/auth/password-reset',
    {
      config: { rateLimits: [L.resetCaller, L.resetEmail] },
      schema: {
        tags: ['auth'],
        body: passwordResetRequestSchema,
        response: { 202: okSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      // The same work and answer for every address: whether an email goes is decided later, by the reset worker.
      await askForReset(db, request.body.email);
      return reply.code(202).send({ ok: true as const });
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      schema: {
        tags: ['auth'],
        body: passwordResetConfirmSchema,
        response: { 200: okSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await links.confirmPasswordReset(linkDeps, request.body);
      // This browser's session ended with the others.
      clearSessionCookie(reply, config);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        body: verifyEmailSchema,
        response: { 200: verifyEmailResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => ({ ok: true as const, email: await links.confirmEmail(linkDeps, request.body.token) }),
  );

  // "This wasn't me", from the notice of an email change. No sign-in needed: the link came to the account's address.
  app.post(
    '/api/auth/email-change/cancel',
    {
      schema: {
        tags: ['auth'],
        body: cancelEmailChangeSchema,
        response: { 200: verifyEmailResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const { user, sessionId } = request;
      const asking = user && sessionId ? { userId: user.id, sessionId } : null;
      const { userId, email } = await cancelEmailChange(linkDeps, request.body.token, asking);
      request.sessionsEndedFor = userId;
      return { ok: true as const, email };
    },
  );

  app.post(
    '/api/auth/verify-email/resend',
    {
      config: { rateLimits: [L.verifyResend] },
      schema: {
        tags: ['auth'],
        response: {
          202: okSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await links.resendVerification(linkDeps, requireUser(request));
      return reply.code(202).send({ ok: true as const });
    },
  );
};
