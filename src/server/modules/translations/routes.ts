import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/schemas/common';
import { idParamsSchema } from '../../../shared/schemas/questions';
import { postTranslationSchema, translationRequestSchema } from '../../../shared/schemas/translations';
import { errors } from '../../errors';
import { chatModel } from '../../lib/model';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { requestLocale } from '../../plugins/errors';
import type { ModuleContext } from '../context';
import { translatePost, type PostKind } from './translate';

const PATHS: Record<PostKind, string> = {
  question: '/api/questions/:id/translation',
  reply: '/api/replies/:id/translation',
};

/**
 * A question or reply in the reader's language, for anyone who can read it (the feed is public), limited per reader.
 * Without a model (AI_BASE_URL) the routes answer 503 and the screens offer no button.
 */
export const translationRoutes: FastifyPluginAsyncZod<Pick<ModuleContext, 'db' | 'config'>> = async (
  app,
  opts,
) => {
  const { db, config } = opts;
  const model = config.ai ? chatModel(config.ai) : undefined;
  for (const kind of ['question', 'reply'] as const) {
    app.post(
      PATHS[kind],
      {
        schema: {
          tags: ['questions'],
          params: idParamsSchema,
          body: translationRequestSchema,
          response: {
            200: postTranslationSchema,
            400: errorResponseSchema,
            404: errorResponseSchema,
            429: errorResponseSchema,
            502: errorResponseSchema,
            503: errorResponseSchema,
          },
        },
        config: { rateLimits: [RATE_LIMITS.translation] },
      },
      async (request) => {
        if (!model) throw errors.translationUnavailable();
        const to = request.body?.language ?? requestLocale(request);
        return translatePost(db, model, kind, request.params.id, to, (error) =>
          request.log.warn({ err: error }, `the model could not translate a ${kind}`),
        );
      },
    );
  }
};
