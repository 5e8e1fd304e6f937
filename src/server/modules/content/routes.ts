import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, langQuery } from '../../../shared/schemas/common';
import {
  communityStatsSchema,
  foundersResponseSchema,
  publicConfigSchema,
} from '../../../shared/schemas/content';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { demoSignInAllowed } from '../../plugins/auth';
import { requestLocale } from '../../plugins/errors';
import { communityStats, foundingMembers } from './service';

export const contentRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, opts) => {
  const { db, config } = opts;

  app.get(
    '/api/config',
    { schema: { tags: ['content'], response: { 200: publicConfigSchema } } },
    async (request) => ({
      demoMode: config.demoMode,
      demoSignIn: demoSignInAllowed(config, request),
      contactEmail: config.contactEmail ?? null,
      contactPhone: config.contactPhone ?? null,
      careerPlatformUrl: config.careerPlatformUrl ?? null,
      chloeCallUrl: config.chloeCallUrl ?? null,
      publicUrl: config.publicUrl ?? null,
      emailEnabled: !config.mail.disabled,
      machineTranslation: config.ai !== undefined,
    }),
  );

  app.get(
    '/api/stats/community',
    { schema: { tags: ['content'], response: { 200: communityStatsSchema } } },
    () => communityStats(db),
  );

  app.get(
    '/api/founders',
    {
      schema: {
        tags: ['content'],
        querystring: z.object(langQuery),
        response: { 200: foundersResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({ founders: await foundingMembers(db, requestLocale(request)) }),
  );
};
