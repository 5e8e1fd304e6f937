import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/schemas/common';
import { directoryEntryParamsSchema } from '../../../shared/schemas/directory';
import {
  localResourceSchema,
  localResourcesQuerySchema,
  localResourcesResponseSchema,
} from '../../../shared/schemas/resources';
import {
  helpInLanguageQuerySchema,
  helpInLanguageResponseSchema,
} from '../../../shared/schemas/help-in-language';
import type { Database } from '../../db/client';
import { requestLocale } from '../../plugins/errors';
import { helpInLanguage } from './in-language';
import { findOrganisations, getOrganisation } from './service';

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
      // A person's position is not something a shared cache should keep; the language depends on the person. An
      // admin's correction shows at once: a kept answer is asked about again before it is used.
      reply.header('cache-control', 'private, no-cache').header('vary', 'accept-language');
      return answer;
    },
  );

  app.get(
    '/api/resources/in-language',
    {
      schema: {
        tags: ['resources'],
        summary:
          'The ways to get help in a language in a state: its organisations and services, then national lines',
        querystring: helpInLanguageQuerySchema,
        response: { 200: helpInLanguageResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await helpInLanguage(opts.db, request.query, requestLocale(request));
      reply
        .header('cache-control', `${request.user ? 'private' : 'public'}, no-cache`)
        .header('vary', 'accept-language');
      return answer;
    },
  );

  app.get(
    '/api/resources/:id',
    {
      schema: {
        tags: ['resources'],
        summary: 'One organisation, for its own page (shared, printed)',
        params: directoryEntryParamsSchema.pick({ id: true }),
        response: { 200: localResourceSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await getOrganisation(opts.db, request.params.id, requestLocale(request));
      reply
        .header('cache-control', `${request.user ? 'private' : 'public'}, no-cache`)
        .header('vary', 'accept-language');
      return answer;
    },
  );
};
