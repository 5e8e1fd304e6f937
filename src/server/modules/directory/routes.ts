import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDirectoryEntrySchema,
  adminDirectoryQuerySchema,
  adminDirectoryReportsQuerySchema,
  adminDirectoryReportsResponseSchema,
  adminDirectoryResponseSchema,
  archiveEntrySchema,
  directoryEntryParamsSchema,
  directoryReportActionSchema,
  directoryReportSchema,
  saveGovernmentServiceSchema,
  saveOrganisationSchema,
} from '../../../shared/schemas/directory';
import { errorResponseSchema, okSchema } from '../../../shared/schemas/common';
import { idParamsSchema } from '../../../shared/schemas/questions';
import { DIRECTORY_ENTRY_TYPES } from '../../../shared/directory';
import type { Database } from '../../db/client';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { requireRole } from '../../plugins/auth';
import { requestLocale } from '../../plugins/errors';
import {
  getDirectoryEntry,
  listDirectory,
  saveDirectoryEntry,
  setArchived,
  type SavedEntry,
} from './curation';
import { decideDirectoryReport, fileDirectoryReport, listDirectoryReports } from './reports';

const errorReplies = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const admin = requireRole('admin');
const tags = ['directory'];

const entryIdParams = directoryEntryParamsSchema.pick({ id: true });
const SAVE_SCHEMAS = { organisation: saveOrganisationSchema, government: saveGovernmentServiceSchema };

/**
 * Keeping the directory true: readers report outdated information (no account needed, limited per caller), and
 * admins curate the entries and settle the reports. Every admin route checks for an admin itself, as well as the
 * auth plugin's hook for every /api/admin/ path.
 */
export const directoryRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, opts) => {
  const { db } = opts;

  app.post(
    '/api/directory/:type/:id/reports',
    {
      schema: {
        tags,
        summary: 'A reader reports that an organisation or government service is out of date',
        params: directoryEntryParamsSchema,
        body: directoryReportSchema,
        response: { 201: z.object({ id: z.string() }), ...errorReplies },
      },
      config: { rateLimits: [RATE_LIMITS.directoryReport] },
    },
    async (request, reply) => {
      const { type, id } = request.params;
      const reportId = await fileDirectoryReport(db, type, id, request.body, request.user?.id ?? null);
      return reply.code(201).send({ id: reportId });
    },
  );

  app.get(
    '/api/admin/directory',
    {
      schema: {
        tags,
        querystring: adminDirectoryQuerySchema,
        response: { 200: adminDirectoryResponseSchema, ...errorReplies },
      },
    },
    async (request) => {
      admin(request);
      return listDirectory(db, request.query, requestLocale(request));
    },
  );

  app.get(
    '/api/admin/directory/:type/:id',
    {
      schema: {
        tags,
        params: directoryEntryParamsSchema,
        response: { 200: adminDirectoryEntrySchema, ...errorReplies },
      },
    },
    async (request) => {
      admin(request);
      return getDirectoryEntry(db, request.params.type, request.params.id);
    },
  );

  // Adding (POST) and replacing (PUT) an entry, for each kind with its own schema.
  for (const type of DIRECTORY_ENTRY_TYPES) {
    const body = SAVE_SCHEMAS[type];
    const save = (request: FastifyRequest, options: { create: boolean; id?: string }) => {
      const { entry, resolveReports } = request.body as z.output<typeof body>;
      const saved = { type, entry } as SavedEntry;
      return saveDirectoryEntry(db, admin(request), saved, { ...options, resolveReports });
    };
    app.post(
      `/api/admin/directory/${type}`,
      { schema: { tags, body, response: { 201: adminDirectoryEntrySchema, ...errorReplies } } },
      async (request, reply) => reply.code(201).send(await save(request, { create: true })),
    );
    app.put(
      `/api/admin/directory/${type}/:id`,
      {
        schema: {
          tags,
          params: entryIdParams,
          body,
          response: { 200: adminDirectoryEntrySchema, ...errorReplies },
        },
      },
      async (request) => save(request, { create: false, id: request.params.id }),
    );
  }

  app.patch(
    '/api/admin/directory/:type/:id/archive',
    {
      schema: {
        tags,
        params: directoryEntryParamsSchema,
        body: archiveEntrySchema,
        response: { 200: adminDirectoryEntrySchema, ...errorReplies },
      },
    },
    async (request) =>
      setArchived(db, admin(request), request.params.type, request.params.id, request.body.archived),
  );

  app.get(
    '/api/admin/directory-reports',
    {
      schema: {
        tags,
        querystring: adminDirectoryReportsQuerySchema,
        response: { 200: adminDirectoryReportsResponseSchema, ...errorReplies },
      },
    },
    async (request) => {
      admin(request);
      return listDirectoryReports(db, request.query.status, request.query.cursor, requestLocale(request));
    },
  );

  app.patch(
    '/api/admin/directory-reports/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: directoryReportActionSchema,
        response: { 200: okSchema, ...errorReplies },
      },
    },
    async (request) => {
      await decideDirectoryReport(db, admin(request), request.params.id, request.body.action);
      return { ok: true as const };
    },
  );
};
