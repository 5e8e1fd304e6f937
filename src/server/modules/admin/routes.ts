import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminStatsSchema,
  auditQuerySchema,
  auditResponseSchema,
  newsletterResponseSchema,
} from '../../../shared/schemas/admin';
import { adminWaitingSchema } from '../../../shared/schemas/admin-waiting';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  adminErrorReplies as errorReplies,
  adminTags as tags,
  requireAdmin as admin,
} from '../../plugins/admin-routes';
import { listAudit, recordAudit } from '../audit';
import { readWeek, writeNewsletter } from './newsletter';
import { adminStats } from './stats';
import { adminWaiting } from './waiting';

/**
 * The admin dashboard's API. Every route checks for an admin itself, as well as the auth plugin's hook for every
 * /api/admin/ path: a route moved or mounted elsewhere stays closed.
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  clock: () => Date;
}> = async (app, opts) => {
  const { db, config, clock } = opts;

  app.get(
    '/api/admin/stats',
    { schema: { tags, response: { 200: adminStatsSchema, ...errorReplies } } },
    async (request) => {
      admin(request);
      return adminStats(db);
    },
  );

  app.get(
    '/api/admin/waiting',
    { schema: { tags, response: { 200: adminWaitingSchema, ...errorReplies } } },
    async (request) => {
      admin(request);
      return adminWaiting(db, clock());
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
      return listAudit(db, request.query.cursor);
    },
  );
};
