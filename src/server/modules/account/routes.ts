import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountExportSchema, exportFileName } from '../../../shared/schemas/account';
import {
  changePasswordSchema,
  deleteAccountSchema,
  updateProfileSchema,
  userSchema,
} from '../../../shared/schemas/auth';
import { errorResponseSchema, okSchema } from '../../../shared/schemas/common';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { clearSessionCookie, requireUser } from '../../plugins/auth';
import { QUOTAS, RATE_LIMITS } from '../../lib/rate-limits';
import { requestLocale } from '../../plugins/errors';
import { requestEmailChange, toPublicUser, type LinkDeps, type PasswordCaller } from '../auth';
import type { Outbox } from '../mail';
import { exportAccount } from './export';
import * as account from './service';

const userResponse = z.object({ user: userSchema });
const errorReplies = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * The signed-in person's own account: its profile, password, deletion, notices and export. Signing in and out,
 * sign-up, password reset and email verification are the auth module's.
 */
export const accountRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  outbox: Outbox;
  clock: () => Date;
}> = async (app, opts) => {
  const { db, config, outbox } = opts;
  const linkDeps: LinkDeps = { db, outbox, linkBase: config.linkBase, clock: opts.clock };
  // A password given to confirm a change counts like one given to sign in.
  const caller = (request: { ip: string }): PasswordCaller => ({
    address: request.ip,
    maxFailuresPerHour: QUOTAS.failedSignInsPerHour(config),
  });

  app.patch(
    '/api/auth/me',
    {
      config: { rateLimits: [RATE_LIMITS.emailChangeAccount, RATE_LIMITS.emailChangeCaller] },
      schema: {
        tags: ['auth'],
        body: updateProfileSchema,
        response: { 200: userResponse, ...errorReplies, 409: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { email, currentPassword, ...changes } = request.body;
      // A new email changes nothing yet: it waits for the link sent to it. Only an address never confirmed (a typo
      // at sign-up) is replaced at once.
      const replaced =
        email === undefined
          ? undefined
          : await requestEmailChange(
              linkDeps,
              user,
              { email, currentPassword: currentPassword! },
              caller(request),
            );
      const updated =
        changes.displayName !== undefined || changes.locale !== undefined || changes.state !== undefined
          ? await account.updateProfile(db, user.id, changes)
          : (replaced ?? user);
      return { user: toPublicUser(updated) };
    },
  );

  // The person has read why their mentor application was declined.
  app.delete(
    '/api/auth/me/notice',
    { schema: { tags: ['auth'], response: { 204: z.null(), 401: errorResponseSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await account.dismissNotice(db, user.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/password',
    { schema: { tags: ['auth'], body: changePasswordSchema, response: { 200: okSchema, ...errorReplies } } },
    async (request) => {
      const user = requireUser(request);
      await account.changePassword(db, user, request.sessionId, request.body, caller(request));
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/auth/me',
    { schema: { tags: ['auth'], body: deleteAccountSchema, response: { 200: okSchema, ...errorReplies } } },
    async (request, reply) => {
      const user = requireUser(request);
      await account.deleteAccount(db, user, request.body.password, caller(request));
      clearSessionCookie(reply, config);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/me/export',
    {
      schema: {
        tags: ['account'],
        summary: 'Download everything held about the signed-in person, as a JSON file',
        response: { 200: accountExportSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
      config: { rateLimits: [RATE_LIMITS.export] },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const data = await exportAccount(db, user, requestLocale(request));
      return reply
        .header('content-disposition', `attachment; filename="${exportFileName(data.exportedAt)}"`)
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  );
};
