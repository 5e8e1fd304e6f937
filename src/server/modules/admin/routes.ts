import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminReportsQuerySchema,
  adminReportsResponseSchema,
  adminStatsSchema,
  auditQuerySchema,
  auditResponseSchema,
  newsletterResponseSchema,
  reportActionSchema,
} from '../../../shared/schemas/admin';
import { errorResponseSchema, okSchema } from '../../../shared/schemas/common';
import { idParamsSchema } from '../../../shared/schemas/questions';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { requireRole } from '../../plugins/auth';
import { listAudit, recordAudit } from '../audit';
import { decideReport, listReports } from './reports';
import { readWeek, writeNewsletter } from './newsletter';
import { adminStats } from './stats';

const errorReplies = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['admin'];
const admin = requireRole('admin');

/**
 * The admin dashboard's API. Every route checks for an admin itself, as well as the auth plugin's hook for every
 * /api/admin/ path: a route moved or mounted elsewhere stays closed.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, opts) => {
  const { db, config } = opts;

  app.get(
    '/api/admin/stats',
    { schema: { tags, response: { 200: adminStatsSchema, ...errorReplies } } },
    async (request) => {
      admin(request);
      return adminStats(db);
    },
  );

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
      return listReports(db, request.query.status, request.query.page);
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

  app.post(
    '/api/admin/export-newsletter',
    { schema: { tags, response: { 200: newsletterResponseSchema, ...errorReplies } } },
    async (request) => {
      const by = admin(request);
      const now = new Date();
      // Links lead to the configured address only: the Host header is the caller's to choose.
      const content = writeNewsletter(await readWeek(db, now), config.linkBase);
      // The admin's browser names the file by their own calendar; the log has the time, in full.
      await recordAudit(db, by, {
        action: 'newsletter.export',
        targetType: 'newsletter',
        targetId: now.toISOString(),
        targetLabel: 'mentor-me-newsletter',
      });
      return { content };
    },
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags,
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema, ...errorReplies },
      },
    },
    async (request) => {
      admin(request);
      return listAudit(db, request.query.page);
    },
  );
};
