import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  communityStatsSchema,
  foundersResponseSchema,
  publicConfigSchema,
} from '../../../shared/schemas/content';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { demoSignInAllowed } from '../../plugins/auth';
import { communityStats, foundingMembers } from './service';

export async function contentRoutes(app: FastifyInstance, opts: { db: Database; config: Config }) {
  const { db, config } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
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
    }),
  );

  r.get(
    '/api/stats/community',
    { schema: { tags: ['content'], response: { 200: communityStatsSchema } } },
    () => communityStats(db),
  );

  r.get(
    '/api/founders',
    { schema: { tags: ['content'], response: { 200: foundersResponseSchema } } },
    async () => ({
      founders: await foundingMembers(db),
    }),
  );
}
