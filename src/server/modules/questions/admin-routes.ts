import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminActionBodySchema,
  adminQuestionsQuerySchema,
  adminQuestionsResponseSchema,
} from '../../../shared/schemas/admin';
import { okSchema } from '../../../shared/schemas/common';
import { idParamsSchema } from '../../../shared/schemas/questions';
import type { Database } from '../../db/client';
import {
  adminErrorReplies as errorReplies,
  adminTags as tags,
  requireAdmin as admin,
} from '../../plugins/admin-routes';
import { requestLocale } from '../../plugins/errors';
import { listAdminQuestions } from './admin-questions';
import { deleteQuestion } from './questions';

/**
 * The admin dashboard's questions: the list to moderate, and deletion. Every route checks for an admin itself, as
 * well as the auth plugin's hook for every /api/admin/ path.
 */
export const questionAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, opts) => {
  const { db } = opts;

  app.get(
    '/api/admin/questions',
    {
      schema: {
        tags,
        querystring: adminQuestionsQuerySchema,
        response: { 200: adminQuestionsResponseSchema, ...errorReplies },
      },
    },
    async (request) => {
      admin(request);
      return listAdminQuestions(db, request.query, requestLocale(request));
    },
  );

  app.delete(
    '/api/admin/questions/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: adminActionBodySchema,
        response: { 200: okSchema, ...errorReplies },
      },
    },
    async (request) => {
      await deleteQuestion(db, admin(request), request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );
};
