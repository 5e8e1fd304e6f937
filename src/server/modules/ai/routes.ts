import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '../../../shared/i18n';
import {
  aiJobsQuerySchema,
  aiJobsResponseSchema,
  chatRequestSchema,
  type ChatEvent,
} from '../../../shared/schemas/ai';
import { idParamsSchema } from '../../../shared/schemas/questions';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { errors } from '../../errors';
import { requestLocale } from '../../plugins/errors';
import { answer } from './chloe';
import { listJobs, retryJob } from './jobs';
import type { ChatProvider } from './providers';

const TEN_MINUTES_MS = 10 * 60_000;
const HEARTBEAT_MS = 15_000;

/**
 * `POST /api/ai/chat`: Chloe's answer as server-sent events. Bad input is a 400 in JSON, never a stream. The
 * headers go out at once; a comment line every 15 s keeps proxies from closing a quiet connection; a client that
 * goes away cancels the provider's work. Nothing of the conversation is stored.
 */
export async function aiRoutes(
  app: FastifyInstance,
  /** `onJobRetried` wakes the reply worker. */
  opts: {
    db: Database;
    config: Config;
    provider: ChatProvider;
    heartbeatMs?: number;
    onJobRetried?: () => void;
  },
) {
  const { db, config, provider } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/ai/chat',
    {
      schema: { tags: ['ai'], body: chatRequestSchema },
      config: {
        rateLimit: {
          // After the session is read, so members get their own, higher limit.
          hook: 'preHandler',
          timeWindow: TEN_MINUTES_MS,
          max: (request) => (request.user ? config.chloe.messagesPerMember : config.chloe.messagesPerVisitor),
          keyGenerator: (request) =>
            request.user ? `chloe:user:${request.user.id}` : `chloe:ip:${request.ip}`,
          errorResponseBuilder: (_request, context) =>
            errors.tooManyRequests('errors.chloeRateLimited', Math.max(1, Math.ceil(context.ttl / 1000))),
        },
      },
    },
    async (request, reply) => {
      const pageLocale = requestLocale(request);
      const controller = new AbortController();
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      raw.flushHeaders();
      // The response closing before we end it means the client went away.
      raw.on('close', () => {
        if (!raw.writableEnded) controller.abort();
      });
      const send = (event: ChatEvent) => {
        if (!controller.signal.aborted) raw.write(`data: ${JSON.stringify(event)}\n\n`);
      };
      const heartbeat = setInterval(() => {
        if (!controller.signal.aborted) raw.write(': keep-alive\n\n');
      }, opts.heartbeatMs ?? HEARTBEAT_MS);
      try {
        const result = await answer(db, provider, {
          message: request.body.message,
          history: request.body.history,
          pageLocale,
          signal: controller.signal,
        });
        for await (const content of result.chunks) {
          if (controller.signal.aborted) break;
          send({ type: 'chunk', content });
        }
        send({ type: 'done', sources: result.sources });
      } catch (error) {
        if (!controller.signal.aborted) {
          request.log.warn({ err: error, provider: provider.name }, 'Chloe could not answer');
          send({ type: 'error', message: translate(pageLocale, 'errors.chloeFailed') });
        }
      } finally {
        clearInterval(heartbeat);
        if (!raw.writableEnded) raw.end();
      }
    },
  );

  // Admin only (the auth plugin checks every /api/admin/ path): Chloe's reply jobs that failed, and a retry.
  r.get(
    '/api/admin/ai-jobs',
    { schema: { tags: ['admin'], querystring: aiJobsQuerySchema, response: { 200: aiJobsResponseSchema } } },
    async (request) => ({ jobs: await listJobs(db, request.query.status) }),
  );

  r.post(
    '/api/admin/ai-jobs/:id/retry',
    { schema: { tags: ['admin'], params: idParamsSchema } },
    async (request, reply) => {
      if (!(await retryJob(db, request.params.id))) throw errors.notFound();
      opts.onJobRetried?.();
      return reply.code(204).send();
    },
  );
}
