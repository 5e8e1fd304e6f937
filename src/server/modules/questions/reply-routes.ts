import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, okSchema } from '../../../shared/schemas/common';
import { createReplySchema, idParamsSchema, questionDetailSchema } from '../../../shared/schemas/questions';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/auth';
import { requestLocale } from '../../plugins/errors';
import { createReply, deleteReply } from './replies';
import { errorReplies } from './route-errors';

/** Replying to a question, and deleting a reply. */
export const replyRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, opts) => {
  const { db, config } = opts;

  app.post(
    '/api/questions/:id/replies',
    {
      schema: {
        tags: ['questions'],
        params: idParamsSchema,
        body: createReplySchema,
        response: { 201: questionDetailSchema, ...errorReplies, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const question = await createReply(
        db,
        user,
        requestLocale(request),
        request.params.id,
        request.body.content,
        config,
      );
      return reply.code(201).send(question);
    },
  );

  app.delete(
    '/api/replies/:id',
    { schema: { tags: ['questions'], params: idParamsSchema, response: { 200: okSchema, ...errorReplies } } },
    async (request) => {
      await deleteReply(db, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );
};
