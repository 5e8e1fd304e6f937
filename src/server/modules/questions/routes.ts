import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, okSchema } from '../../../shared/schemas/common';
import {
  categoriesQuerySchema,
  categoriesResponseSchema,
  createQuestionSchema,
  idParamsSchema,
  listQuestionsQuerySchema,
  QUESTION_LIMITS,
  questionDetailSchema,
  questionListSchema,
  questionSchema,
} from '../../../shared/schemas/questions';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { errors } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { requestLocale } from '../../plugins/errors';
import { categoriesWithCounts } from './categories';
import { listQuestions } from './feed';
import { getQuestion } from './question-detail';
import { createQuestion, deleteQuestion, profileQuestions } from './questions';
import { memberListJson, memberQuestionJson, sendJson } from './member-bodies';
import { markRoutes } from './mark-routes';
import { replyRoutes } from './reply-routes';
import { languageRoutes } from './language-routes';
import { errorReplies } from './route-errors';
import { sendPrepared, visitorListJson, visitorQuestionJson } from './visitor-bodies';
import { attachVoiceNote, readVoiceNote } from './voice-notes';

/** What browsers' MediaRecorder produces (WebM, Ogg, MP4); the stored type is sniffed from the bytes. */
const AUDIO_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/x-m4a', 'application/octet-stream'];
/**
 * Never in a shared cache, which would go on serving a note after its question is deleted; the listener's own
 * browser keeps it long enough to replay it without downloading it again.
 */
const VOICE_NOTE_CACHE = 'private, max-age=300';
/**
 * The two hottest reads skip re-validating their answers against the response schema: feed.ts and
 * question-detail.ts build them from typed rows, and the schemas still document them. Visitors get answers
 * prepared in advance.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

export const questionRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  clock: () => Date;
}> = async (app, opts) => {
  const { db, config, clock } = opts;
  const limits = config.postingLimits;

  app.addContentTypeParser(
    AUDIO_TYPES,
    { parseAs: 'buffer', bodyLimit: QUESTION_LIMITS.voiceNoteMaxBytes },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/api/categories',
    {
      schema: {
        tags: ['questions'],
        querystring: categoriesQuerySchema,
        response: { 200: categoriesResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => categoriesWithCounts(db, requestLocale(request)),
  );

  app.get(
    '/api/questions',
    {
      serializerCompiler: plainJson,
      schema: {
        tags: ['questions'],
        querystring: listQuestionsQuerySchema,
        response: { 200: questionListSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      if (request.user) {
        const json = await memberListJson(db, request.user, locale, request.query);
        return json === null ? listQuestions(db, request.user, locale, request.query) : sendJson(reply, json);
      }
      return sendPrepared(request, reply, await visitorListJson(db, locale, request.query));
    },
  );

  app.post(
    '/api/questions',
    {
      schema: {
        tags: ['questions'],
        body: createQuestionSchema,
        response: { 201: questionDetailSchema, ...errorReplies, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const question = await createQuestion(db, user, requestLocale(request), request.body, limits);
      return reply.code(201).send(question);
    },
  );

  app.get(
    '/api/questions/:id',
    {
      serializerCompiler: plainJson,
      schema: {
        tags: ['questions'],
        params: idParamsSchema,
        response: { 200: questionDetailSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const now = clock();
      if (request.user) {
        const json = await memberQuestionJson(db, request.user, locale, request.params.id, now);
        return json === null
          ? getQuestion(db, request.user, locale, request.params.id, now)
          : sendJson(reply, json);
      }
      return sendPrepared(request, reply, await visitorQuestionJson(db, locale, request.params.id, now));
    },
  );

  app.delete(
    '/api/questions/:id',
    { schema: { tags: ['questions'], params: idParamsSchema, response: { 200: okSchema, ...errorReplies } } },
    async (request) => {
      await deleteQuestion(db, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );

  await app.register(markRoutes, { db });
  await app.register(replyRoutes, { db, config });
  await app.register(languageRoutes, { db });

  app.post(
    '/api/questions/:id/voice-note',
    {
      schema: {
        tags: ['questions'],
        params: idParamsSchema,
        response: {
          201: okSchema,
          ...errorReplies,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw errors.invalidAudio();
      }
      await attachVoiceNote(db, user, request.params.id, request.body);
      return reply.code(201).send({ ok: true as const });
    },
  );

  app.get(
    '/api/questions/:id/voice-note',
    { schema: { tags: ['questions'], params: idParamsSchema } },
    async (request, reply) => {
      const note = await readVoiceNote(db, request.params.id);
      return reply
        .type(note.mimeType)
        .header('cache-control', VOICE_NOTE_CACHE)
        .header('content-disposition', 'inline')
        .send(note.data);
    },
  );

  app.get(
    '/api/me/questions',
    {
      schema: {
        tags: ['questions'],
        response: { 200: z.object({ questions: z.array(questionSchema) }), 401: errorResponseSchema },
      },
    },
    async (request) => ({
      questions: await profileQuestions(db, requireUser(request), requestLocale(request), 'mine'),
    }),
  );

  app.get(
    '/api/me/bookmarks',
    {
      schema: {
        tags: ['questions'],
        response: { 200: z.object({ questions: z.array(questionSchema) }), 401: errorResponseSchema },
      },
    },
    async (request) => ({
      questions: await profileQuestions(db, requireUser(request), requestLocale(request), 'saved'),
    }),
  );
};
