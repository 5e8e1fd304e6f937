import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';

/** The bell's API: notifications, marking them read, and each type's email and push choices. */
export const notificationRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async () => {};
