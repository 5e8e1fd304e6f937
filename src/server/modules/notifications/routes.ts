import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/schemas/common';
import {
  markReadResponseSchema,
  markReadSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  preferencesSchema,
  preferencesUpdateSchema,
} from '../../../shared/schemas/notifications';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/auth';
import { requestLocale } from '../../plugins/errors';
import { listNotifications } from './list';
import { getPreferences, updatePreferences } from './preferences';
import { markNotificationsRead } from './read';

const tags = ['notifications'];
const errorReplies = { 400: errorResponseSchema, 401: errorResponseSchema };

/** The bell's API: notifications, marking them read, and each type's email and push choices. */
export const notificationRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, opts) => {
  const { db } = opts;

  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema, ...errorReplies },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return listNotifications(db, user.id, requestLocale(request), request.query.cursor);
    },
  );

  app.post(
    '/api/notifications/read',
    {
      schema: {
        tags,
        body: markReadSchema,
        response: { 200: markReadResponseSchema, ...errorReplies },
      },
    },
    async (request) => markNotificationsRead(db, requireUser(request).id, request.body),
  );

  app.get(
    '/api/notifications/preferences',
    { schema: { tags, response: { 200: preferencesSchema, 401: errorResponseSchema } } },
    async (request) => getPreferences(db, requireUser(request).id),
  );

  app.put(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        body: preferencesUpdateSchema,
        response: { 200: preferencesSchema, ...errorReplies },
      },
    },
    async (request) => updatePreferences(db, requireUser(request).id, request.body),
  );
};
