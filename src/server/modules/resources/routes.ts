import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/schemas/common';
import { localResourcesQuerySchema, localResourcesResponseSchema } from '../../../shared/schemas/resources';
import type { Database } from '../../db/client';
import { requestLocale } from '../../plugins/errors';
import { findOrganisations } from './service';

export const resourceRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, opts) => {
  app.get(
    '/api/resources',
    {
      schema: {
        tags: ['resources'],
        querystring: localResourcesQuerySchema,
        response: { 200: localResourcesResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await findOrganisations(opts.db, request.query, requestLocale(request));
      // A person's position is not something a shared cache should keep; the language depends on the person.
      reply.header('cache-control', 'private, max-age=300').header('vary', 'accept-language');
      return answer;
    },
  );
};
