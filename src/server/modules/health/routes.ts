import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../shared/schemas/common';
import type { Database } from '../../db/client';
import { errors } from '../../errors';
import { RATE_LIMITS } from '../../lib/rate-limits';

/** Whether the instance takes new work: main.ts drains it on SIGTERM, before it stops. */
export type Readiness = {
  readonly draining: boolean;
  /** From now on /api/ready answers 503, so the proxy sends new requests to the other instances. */
  drain(): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

export function createReadiness(): Readiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}

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
      if (app.readiness.draining) throw errors.unavailable();
      try {
        await opts.db.execute(sql`select 1`);
      } catch {
        throw errors.unavailable();
      }
      return { status: 'ready' as const };
    },
  );

  /**
   * Crashes in the browser are written to the server log with the request id, as warnings: they are the visitor's
   * trouble, told to us, not a failure of the server.
   */
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
        response: { 204: z.null(), 400: errorResponseSchema, 429: errorResponseSchema },
      },
      config: { rateLimits: [RATE_LIMITS.clientErrors] },
    },
    async (request, reply) => {
      // The page's path: a query there may hold an emailed link's token (the web client sends none).
      const { url, ...crash } = request.body;
      const clientError = url === undefined ? crash : { ...crash, url: url.split('?')[0] };
      request.log.warn({ clientError }, 'client crash');
      return reply.code(204).send(null);
    },
  );
};
