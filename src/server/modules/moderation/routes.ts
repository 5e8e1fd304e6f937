import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminReportsQuerySchema,
  adminReportsResponseSchema,
  reportActionSchema,
} from '../../../shared/schemas/admin';
import { okSchema } from '../../../shared/schemas/common';
import { idParamsSchema } from '../../../shared/schemas/questions';
import type { Database } from '../../db/client';
import {
  adminErrorReplies as errorReplies,
  adminTags as tags,
  requireAdmin as admin,
} from '../../plugins/admin-routes';
import { decideReport, listReports } from './decisions';

/** The admin dashboard's reports: the list, and the decision on one. */
export const moderationRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, opts) => {
  const { db } = opts;

  app.get(
    '/api/admin/reports',
    {
      schema: {
        tags,
        querystring: adminReportsQuerySchema,
        response: { 200: adminReportsResponseSchema, ...errorReplies },
      },
    },
    async (request) => {
      admin(request);
      return listReports(db, request.query.status, request.query.cursor);
    },
  );

  app.patch(
    '/api/admin/reports/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: reportActionSchema,
        response: { 200: okSchema, ...errorReplies },
      },
    },
    async (request) => {
      await decideReport(db, admin(request), request.params.id, request.body);
      return { ok: true as const };
    },
  );
};
