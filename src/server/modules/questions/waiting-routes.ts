import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../shared/schemas/common';
import {
  claimResponseSchema,
  waitingQuerySchema,
  waitingResponseSchema,
} from '../../../shared/schemas/mentoring';
import { idParamsSchema } from '../../../shared/schemas/questions';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/auth';
import { assertVerifiedMentor, claimQuestion, releaseClaim } from './claims';
import { errorReplies } from './route-errors';
import { waitingQuestions } from './waiting';

/** "Waiting for you": the questions no person has answered yet, and a mentor's "I'm answering this". */
export const waitingRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  opts,
) => {
  const { db, clock } = opts;

  app.get(
    '/api/mentor/waiting',
    {
      schema: {
        tags: ['questions'],
        querystring: waitingQuerySchema,
        response: {
          200: waitingResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      assertVerifiedMentor(user);
      return waitingQuestions(db, user, request.query.cursor, clock());
    },
  );

  app.post(
    '/api/questions/:id/claim',
    {
      schema: {
        tags: ['questions'],
        params: idParamsSchema,
        response: { 200: claimResponseSchema, ...errorReplies, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      assertVerifiedMentor(user);
      return { claim: await claimQuestion(db, user, request.params.id, clock()) };
    },
  );

  app.delete(
    '/api/questions/:id/claim',
    { schema: { tags: ['questions'], params: idParamsSchema, response: { 204: z.null(), ...errorReplies } } },
    async (request, reply) => {
      const user = requireUser(request);
      await releaseClaim(db, user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
