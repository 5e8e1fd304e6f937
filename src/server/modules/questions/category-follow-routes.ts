import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categorySlugParamsSchema, followedCategoriesSchema } from '../../../shared/schemas/follows';
import { followResponseSchema } from '../../../shared/schemas/notifications';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/auth';
import { followedCategories, setCategoryFollow } from './category-follows';
import { errorReplies } from './route-errors';

/**
 * Following a topic: its new questions are notified. Apart from /api/categories, which is the same for every
 * reader and cached so, what one person follows is its own small answer.
 */
export const categoryFollowRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, opts) => {
  const { db } = opts;

  app.get(
    '/api/categories/following',
    {
      schema: {
        tags: ['questions'],
        summary: 'The topics the signed-in person follows',
        response: { 200: followedCategoriesSchema, ...errorReplies },
      },
    },
    async (request) => ({ categories: await followedCategories(db, requireUser(request)) }),
  );

  // The Follow toggle: PUT follows, DELETE stops, each as often as it is sent.
  for (const [method, following] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/categories/:slug/follow',
      schema: {
        tags: ['questions'],
        params: categorySlugParamsSchema,
        response: { 200: followResponseSchema, ...errorReplies },
      },
      handler: async (request) => setCategoryFollow(db, requireUser(request), request.params.slug, following),
    });
  }
};
