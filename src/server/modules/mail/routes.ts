import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailIdParamsSchema, failedEmailsResponseSchema } from '../../../shared/schemas/mail';
import { errorResponseSchema, okSchema } from '../../../shared/schemas/common';
import type { Database } from '../../db/client';
import { errors } from '../../errors';
import { requireRole } from '../../plugins/auth';
import { mailQueued } from './events';
import { listFailedMail, retryMail } from './outbox';

/**
 * Admin only, checked here and again by the auth plugin for every /api/admin/ path: emails that could not be sent
 * within 24 hours, and a retry.
 */
export const mailRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, opts) => {
  const { db } = opts;
  const denied = { 401: errorResponseSchema, 403: errorResponseSchema };

  app.get(
    '/api/admin/emails',
    { schema: { tags: ['admin'], response: { 200: failedEmailsResponseSchema, ...denied } } },
    async (request) => {
      requireRole('admin')(request);
      return { emails: await listFailedMail(db) };
    },
  );

  app.post(
    '/api/admin/emails/:emailId/retry',
    {
      schema: {
        tags: ['admin'],
        params: emailIdParamsSchema,
        response: { 200: okSchema, 400: errorResponseSchema, 404: errorResponseSchema, ...denied },
      },
    },
    async (request) => {
      const admin = requireRole('admin')(request);
      if (!(await retryMail(db, admin, request.params.emailId))) throw errors.notFound();
      // Every instance's sender looks at once; without the event it still looks at its next poll.
      await mailQueued
        .publish(db, {})
        .catch((error: unknown) => request.log.warn({ err: error }, 'Mail sender not woken'));
      return { ok: true as const };
    },
  );
};
