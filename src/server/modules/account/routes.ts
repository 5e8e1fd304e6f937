import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountExportSchema, exportFileName } from '../../../shared/schemas/account';
import { errorResponseSchema } from '../../../shared/schemas/common';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/auth';
import { requestLocale } from '../../plugins/errors';
import { exportAccount } from './service';

/** An export reads every table about a person: a few an hour is plenty for them and cheap for us. */
export const EXPORTS_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;

export const accountRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, opts) => {
  const { db } = opts;

  app.get(
    '/api/me/export',
    {
      schema: {
        tags: ['account'],
        summary: 'Download everything held about the signed-in person, as a JSON file',
        response: { 200: accountExportSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
      config: {
        rateLimits: [
          {
            name: 'export',
            max: EXPORTS_PER_HOUR,
            windowMs: HOUR_MS,
            // Per person; visitors are not counted and get their 401.
            key: (request) => request.user?.id,
            messageKey: 'errors.tooManyExports',
          },
        ],
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
};
