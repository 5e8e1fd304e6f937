import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../shared/schemas/common';
import type { Database } from '../../db/client';
import { errors } from '../../errors';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, opts) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        response: { 200: z.object({ status: z.literal('ready') }), 503: errorResponseSchema },
      },
    },
    async () => {
      try {
        await opts.db.execute(sql`select 1`);
      } catch {
        throw errors.unavailable();
      }
      return { status: 'ready' as const };
    },
  );

  /** Crashes in the browser are written to the server log with the request id. */
  app.post(
    '/api/client-errors',
    {
      schema: {
        tags: ['health'],
        body: z.object({
          message: z.string().max(2000),
          stack: z.string().max(8000).optional(),
          url: z.string().max(500).optional(),
        }),
        response: { 204: z.null(), 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      request.log.error({ clientError: request.body, reqId: request.id }, 'client crash');
      return reply.code(204).send(null);
    },
  );
};
