import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localResourcesQuerySchema, localResourcesResponseSchema } from '../../../shared/schemas/resources';
import type { Database } from '../../db/client';
import { nearbyOrganisations } from './service';

export const resourceRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, opts) => {
  app.get(
    '/api/resources',
    {
      schema: {
        tags: ['resources'],
        querystring: localResourcesQuerySchema,
        response: { 200: localResourcesResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await nearbyOrganisations(opts.db, request.query);
      // A person's position is not something a shared cache should keep.
      reply.header('cache-control', 'private, max-age=300');
      return answer;
    },
  );
};
