import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, okSchema } from '../../../shared/schemas/common';
import { followResponseSchema } from '../../../shared/schemas/notifications';
import {
  bookmarkRequestSchema,
  bookmarkResponseSchema,
  idParamsSchema,
  helpfulRequestSchema,
  helpfulResponseSchema,
  likeRequestSchema,
  replyParamsSchema,
  likeResponseSchema,
  reportSchema,
} from '../../../shared/schemas/questions';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/auth';
import { setBookmark, setFollow, setLike } from './reactions';
import { setHelpful } from './helpful';
import { report } from './reports';
import { errorReplies } from './route-errors';

/** What a reader marks on a question or a reply: a like, a bookmark, a follow, "This helped", a report. */
export const markRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, opts) => {
  const { db } = opts;

  app.post(
    '/api/questions/:id/like',
    {
      schema: {
        tags: ['questions'],
        params: idParamsSchema,
        body: likeRequestSchema,
        response: { 200: likeResponseSchema, ...errorReplies },
      },
    },
    async (request) => setLike(db, requireUser(request), request.params.id, request.body?.liked),
  );

  app.post(
    '/api/questions/:id/bookmark',
    {
      schema: {
        tags: ['questions'],
        params: idParamsSchema,
        body: bookmarkRequestSchema,
        response: { 200: bookmarkResponseSchema, ...errorReplies },
      },
    },
    async (request) => setBookmark(db, requireUser(request), request.params.id, request.body?.bookmarked),
  );

  // The Follow toggle: PUT follows, DELETE unfollows, each as often as it is sent.
  for (const [method, following] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/questions/:id/follow',
      schema: {
        tags: ['questions'],
        params: idParamsSchema,
        response: { 200: followResponseSchema, ...errorReplies },
      },
      handler: async (request) => setFollow(db, requireUser(request), request.params.id, following),
    });
  }

  app.post(
    '/api/questions/:id/replies/:replyId/helpful',
    {
      schema: {
        tags: ['questions'],
        summary: 'The asker marks a reply "This helped", or takes it back',
        params: replyParamsSchema,
        body: helpfulRequestSchema,
        response: { 200: helpfulResponseSchema, ...errorReplies, 409: errorResponseSchema },
      },
    },
    async (request) =>
      setHelpful(db, requireUser(request), request.params.id, request.params.replyId, request.body?.helpful),
  );

  // Reports on a question or on a reply: one open report per reader and target.
  for (const [url, target] of [
    ['/api/questions/:id/report', 'questionId'],
    ['/api/replies/:id/report', 'replyId'],
  ] as const) {
    app.post(
      url,
      {
        schema: {
          tags: ['questions'],
          params: idParamsSchema,
          body: reportSchema,
          response: { 201: okSchema, ...errorReplies, 409: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const on =
          target === 'questionId' ? { questionId: request.params.id } : { replyId: request.params.id };
        await report(db, requireUser(request), on, request.body);
        return reply.code(201).send({ ok: true as const });
      },
    );
  }
};
