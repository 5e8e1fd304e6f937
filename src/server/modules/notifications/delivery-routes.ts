import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Outbox } from '../mail/outbox';

/** Push subscriptions and their key, and the one-click unsubscribe of notification emails. */
export const notificationDeliveryRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  outbox: Outbox;
  clock: () => Date;
}> = async () => {};
