import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountExportSchema, exportFileName } from '../../../shared/schemas/account';
import { errorResponseSchema } from '../../../shared/schemas/common';
import type { Database } from '../../db/client';
import { errors } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { requestLocale } from '../../plugins/errors';
import { exportAccount } from './service';

/** An export reads every table about a person: a few an hour is plenty for them and cheap for us. */
export const EXPORTS_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;

export async function accountRoutes(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/me/export',
    {
      schema: {
        tags: ['account'],
        summary: 'Download everything held about the signed-in person, as a JSON file',
        response: { 200: accountExportSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
      config: {
        rateLimit: {
          // After the session is read, so the limit is per person; visitors are not counted and get their 401.
          hook: 'preHandler',
          timeWindow: HOUR_MS,
          max: EXPORTS_PER_HOUR,
          allowList: (request) => !request.user,
          keyGenerator: (request) => `export:user:${request.user?.id ?? request.ip}`,
          errorResponseBuilder: (_request, context) =>
            errors.tooManyRequests('errors.tooManyExports', Math.max(1, Math.ceil(context.ttl / 1000))),
        },
      },
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
}
