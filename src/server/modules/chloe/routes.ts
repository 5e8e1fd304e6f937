import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../../shared/i18n';
import {
  aiJobsQuerySchema,
  aiJobsResponseSchema,
  chatRequestSchema,
  chloeReplyStatusSchema,
  type ChatEvent,
} from '../../../shared/schemas/ai';
import { errorResponseSchema } from '../../../shared/schemas/common';
import { idParamsSchema } from '../../../shared/schemas/questions';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { errors } from '../../errors';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { requireRole } from '../../plugins/auth';
import { requestLocale } from '../../plugins/errors';
import { eventStreams } from '../../realtime/sse';
import { answer } from './chloe';
import { chloeJobsDue } from './events';
import { listJobs, replyStatus, retryJob } from './jobs';
import { recordMiss } from './misses';
import { messageLocale } from '../../lib/text';
import type { Embedder } from './embeddings';
import type { ChatProvider } from './providers';

/**
 * `POST /api/ai/chat`: Chloe's answer as server-sent events (realtime/sse.ts). Bad input is a 400 in JSON, never
 * a stream. A client that goes away, or the server shutting down, cancels the provider's work. Nothing of the
 * conversation is stored.
 */
export const chloeRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  provider: ChatProvider;
  /** Chloe's embedding model, when one is configured. */
  embedder?: Embedder;
  heartbeatMs?: number;
}> = async (app, opts) => {
  const { db, provider } = opts;
  const streams = eventStreams<ChatEvent>(app, {
    heartbeatMs: opts.heartbeatMs,
    lastWhenClosing: { type: 'retry' },
  });

  app.post(
    '/api/ai/chat',
    {
      schema: { tags: ['chloe'], body: chatRequestSchema },
      config: { rateLimits: [RATE_LIMITS.chloe] },
    },
    async (request, reply) => {
      const pageLocale = requestLocale(request);
      const stream = streams.open<ChatEvent>(reply);
      const { signal } = stream;
      try {
        const result = await answer(db, provider, {
          message: request.body.message,
          history: request.body.history,
          pageLocale,
          signal,
          embedder: opts.embedder,
          readerState: request.user?.state,
        });
        for await (const content of result.chunks) {
          if (signal.aborted) break;
          stream.send({ type: 'chunk', content });
        }
        stream.send({ type: 'done', sources: result.sources, nothingFound: result.nothingFound });
        if (result.nothingFound)
          await recordMiss(db, {
            question: request.body.message,
            locale: messageLocale(request.body.message, pageLocale),
            kind: 'nothing',
          }).catch((error: unknown) => request.log.warn({ err: error }, "Chloe's miss not kept"));
      } catch (error) {
        if (!signal.aborted) {
          request.log.warn({ err: error, provider: provider.name }, 'Chloe could not answer');
          stream.send({ type: 'error', message: translate(pageLocale, 'errors.chloeFailed') });
        }
      } finally {
        stream.end();
      }
    },
  );

  // Anyone may ask, as anyone may read the question: whether Chloe's reply is on its way, there, or not coming.
  app.get(
    '/api/ai/replies/:id',
    {
      schema: {
        tags: ['chloe'],
        params: idParamsSchema,
        response: { 200: chloeReplyStatusSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => ({ status: await replyStatus(db, request.params.id) }),
  );

  // Admin only, checked here and again by the auth plugin for every /api/admin/ path: Chloe's reply jobs that
  // failed, and a retry.
  app.get(
    '/api/admin/ai-jobs',
    { schema: { tags: ['admin'], querystring: aiJobsQuerySchema, response: { 200: aiJobsResponseSchema } } },
    async (request) => {
      requireRole('admin')(request);
      return { jobs: await listJobs(db, request.query.status) };
    },
  );

  app.post(
    '/api/admin/ai-jobs/:id/retry',
    { schema: { tags: ['admin'], params: idParamsSchema } },
    async (request, reply) => {
      const admin = requireRole('admin')(request);
      if (!(await retryJob(db, admin, request.params.id))) throw errors.notFound();
      // Every instance's reply worker looks at once; without the event it still looks at its next poll.
      await chloeJobsDue
        .publish(db, {})
        .catch((error: unknown) => request.log.warn({ err: error }, 'Chloe not woken'));
      return reply.code(204).send();
    },
  );
};
