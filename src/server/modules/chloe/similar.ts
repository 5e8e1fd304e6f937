import { inReaderLanguage } from '../../../shared/languages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/schemas/common';
import { similarQuerySchema, similarResponseSchema } from '../../../shared/schemas/ai';
import type { Database } from '../../db/client';
import { requestLocale } from '../../plugins/errors';
import type { Embedder } from './embeddings';
import { retrieve } from './retrieval';

/** Fewer words than this say too little to look anything up. */
const MIN_WORDS = 3;
const LIMITS = { articles: 3, services: 0, questions: 3, organisations: 0 };

/**
 * `GET /api/ai/similar?q=`: as a person writes a question, the community questions that already have a person's
 * answer and the articles Chloe would cite for it, in the reader's language, so they may find an answer before they
 * ask. Anyone may ask (the global limit applies); nothing is kept.
 */
export const similarRoutes: FastifyPluginAsyncZod<{ db: Database; embedder?: Embedder }> = async (
  app,
  opts,
) => {
  app.get(
    '/api/ai/similar',
    {
      schema: {
        tags: ['chloe'],
        querystring: similarQuerySchema,
        response: { 200: similarResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const { q } = request.query;
      if (q.split(/\s+/).filter(Boolean).length < MIN_WORDS) return { questions: [], articles: [] };
      const locale = requestLocale(request);
      const found = await retrieve(opts.db, q, { limits: LIMITS, embedder: opts.embedder });
      return {
        questions: found.questions.map(({ id, title }) => ({ id, title })),
        articles: found.articles.map((article) => ({
          id: article.id,
          title: inReaderLanguage(article.title, locale),
          summary: inReaderLanguage(article.summary, locale),
          source: article.sources[0]!,
        })),
      };
    },
  );
};
