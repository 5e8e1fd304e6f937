import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceStatusResponseSchema } from '../../../shared/schemas/government';
import type { StatusChecker } from './status';

export async function governmentRoutes(app: FastifyInstance, opts: { statusChecker: StatusChecker }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/government/status',
    { schema: { tags: ['government'], response: { 200: serviceStatusResponseSchema } } },
    async () => ({ services: opts.statusChecker.current() }),
  );
}
