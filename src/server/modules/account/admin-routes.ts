import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminActionBodySchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  changeRoleSchema,
  declineMentorSchema,
  userIdParamsSchema,
} from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import {
  adminErrorReplies as errorReplies,
  adminTags as tags,
  requireAdmin as admin,
} from '../../plugins/admin-routes';
import { changeUserRole, declineMentor, listAdminUsers, verifyMentorById } from './admin-users';

/**
 * The admin dashboard's people: the list, roles, and mentors' verification. Every route checks for an admin itself,
 * as well as the auth plugin's hook for every /api/admin/ path.
 */
export const accountAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, opts) => {
  const { db } = opts;

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema, ...errorReplies },
      },
    },
    async (request) => {
      admin(request);
      return listAdminUsers(db, request.query);
    },
  );

  app.patch(
    '/api/admin/users/:userId/role',
    {
      schema: {
        tags,
        params: userIdParamsSchema,
        body: changeRoleSchema,
        response: { 200: adminUserSchema, ...errorReplies },
      },
    },
    async (request) => changeUserRole(db, admin(request), request.params.userId, request.body),
  );

  app.post(
    '/api/admin/users/:userId/verify',
    {
      schema: {
        tags,
        params: userIdParamsSchema,
        body: adminActionBodySchema,
        response: { 200: adminUserSchema, ...errorReplies },
      },
    },
    async (request) => verifyMentorById(db, admin(request), request.params.userId, request.body.reason),
  );

  app.post(
    '/api/admin/users/:userId/decline',
    {
      schema: {
        tags,
        params: userIdParamsSchema,
        body: declineMentorSchema,
        response: { 200: adminUserSchema, ...errorReplies },
      },
    },
    async (request) => declineMentor(db, admin(request), request.params.userId, request.body.reason),
  );
};
