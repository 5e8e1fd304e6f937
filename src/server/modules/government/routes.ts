import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  serviceNoticeBodySchema,
  serviceNoticeParamsSchema,
  serviceStatusResponseSchema,
} from '../../../shared/schemas/government';
import {
  governmentResourcesQuerySchema,
  governmentResourcesResponseSchema,
  localGovernmentQuerySchema,
  localGovernmentResponseSchema,
  postcodeParamsSchema,
} from '../../../shared/schemas/resources';
import type { Database } from '../../db/client';
import { errors } from '../../errors';
import { requireRole } from '../../plugins/auth';
import { requestLocale } from '../../plugins/errors';
import {
  localServices,
  presentService,
  searchServices,
  serviceNoticesById,
  setServiceNotice,
} from './service';
import type { StatusChecker } from './status';

/**
 * Admins correct the directory at any time, so a kept answer is asked about again before it is used (a correction
 * shows at once); one copy per language, and an answer in a signed-in person's saved language is theirs alone.
 */
function revalidateEachTime(request: FastifyRequest, reply: FastifyReply) {
  reply
    .header('cache-control', `${request.user ? 'private' : 'public'}, no-cache`)
    .header('vary', 'accept-language');
}

export const governmentRoutes: FastifyPluginAsyncZod<{ db: Database; statusChecker: StatusChecker }> = async (
  app,
  opts,
) => {
  const { db, statusChecker } = opts;

  /** The latest probes with the notices admins have set. */
  const statusWithNotices = async () => {
    const notices = await serviceNoticesById(db);
    return {
      services: (await statusChecker.current()).map((service) => {
        const note = notices.get(service.id);
        return note ? { ...service, note } : service;
      }),
    };
  };

  app.get(
    '/api/government/resources',
    {
      schema: {
        tags: ['government'],
        querystring: governmentResourcesQuerySchema,
        response: { 200: governmentResourcesResponseSchema },
      },
    },
    async (request, reply) => {
      revalidateEachTime(request, reply);
      const locale = requestLocale(request);
      const services = await searchServices(db, request.query);
      return { resources: services.map((service) => presentService(service, locale)) };
    },
  );

  app.get(
    '/api/government/local/:postcode',
    {
      schema: {
        tags: ['government'],
        params: postcodeParamsSchema,
        querystring: localGovernmentQuerySchema,
        response: { 200: localGovernmentResponseSchema },
      },
    },
    async (request, reply) => {
      const { postcode } = request.params;
      const { category, keyword } = request.query;
      const { place, resources } = await localServices(db, postcode, { category, keyword });
      revalidateEachTime(request, reply);
      const locale = requestLocale(request);
      return { place, resources: resources.map((service) => presentService(service, locale)) };
    },
  );

  app.get(
    '/api/government/status',
    { schema: { tags: ['government'], response: { 200: serviceStatusResponseSchema } } },
    statusWithNotices,
  );

  app.put(
    '/api/admin/government/status/:id',
    {
      schema: {
        tags: ['admin'],
        params: serviceNoticeParamsSchema,
        body: serviceNoticeBodySchema,
        response: { 200: serviceStatusResponseSchema },
      },
    },
    async (request) => {
      const admin = requireRole('admin')(request);
      const service = statusChecker.target(request.params.id);
      if (!service) throw errors.notFound();
      await setServiceNotice(db, service, request.body.note, admin);
      return statusWithNotices();
    },
  );
};
