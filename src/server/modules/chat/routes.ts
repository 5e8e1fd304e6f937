import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatReportSchema,
  conversationFeedbackSchema,
  conversationParamsSchema,
  conversationSchema,
  conversationsResponseSchema,
  createConversationSchema,
  messageSchema,
  messagesQuerySchema,
  messagesResponseSchema,
  readResponseSchema,
  readSchema,
  sendMessageSchema,
} from '../../../shared/schemas/chat';
import { errorResponseSchema, okSchema } from '../../../shared/schemas/common';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/auth';
import { RATE_LIMITS } from '../../lib/rate-limits';
import type { Realtime } from '../../realtime/channel';
import {
  closeConversation,
  createConversation,
  getConversation,
  giveFeedback,
  listConversations,
  setBlock,
} from './conversations';
import { listMessages, markRead, reportConversation, sendMessage } from './messages';
import { registerChatSocket } from './socket';

const errorReplies = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const tags = ['chat'];

/**
 * Mentor chat: REST as spec §7 (conversations, mentors, messages) plus read, close, block and report, and the
 * frames on the realtime channel. Every conversation route answers 404 to anyone who is not one of its two people.
 */
export const chatRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  /** The app's realtime channel, where chat's frames and events are registered. */
  realtime: Realtime;
}> = async (app, opts) => {
  const { db, realtime } = opts;
  registerChatSocket(realtime, { db, takeRateLimit: app.takeRateLimit });

  app.get(
    '/api/conversations',
    { schema: { tags, response: { 200: conversationsResponseSchema, ...errorReplies } } },
    async (request) => ({ conversations: await listConversations(db, requireUser(request).id) }),
  );

  app.post(
    '/api/conversations',
    {
      schema: {
        tags,
        body: createConversationSchema,
        response: { 201: conversationSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.code(201);
      return createConversation(db, user, request.body);
    },
  );

  app.get(
    '/api/conversations/:id',
    {
      schema: {
        tags,
        params: conversationParamsSchema,
        response: { 200: conversationSchema, ...errorReplies },
      },
    },
    async (request) => getConversation(db, request.params.id, requireUser(request).id),
  );

  app.get(
    '/api/conversations/:id/messages',
    {
      schema: {
        tags,
        params: conversationParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: messagesResponseSchema, ...errorReplies },
      },
    },
    async (request) => listMessages(db, request.params.id, requireUser(request).id, request.query),
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      config: { rateLimits: [RATE_LIMITS.chatMessage] },
      schema: {
        tags,
        params: conversationParamsSchema,
        body: sendMessageSchema,
        response: { 200: messageSchema, 201: messageSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const { message, created } = await sendMessage(
        db,
        request.params.id,
        requireUser(request),
        request.body,
      );
      reply.code(created ? 201 : 200);
      return message;
    },
  );

  app.post(
    '/api/conversations/:id/read',
    {
      schema: {
        tags,
        params: conversationParamsSchema,
        body: readSchema,
        response: { 200: readResponseSchema, ...errorReplies },
      },
    },
    async (request) => ({
      lastReadSeq: await markRead(db, request.params.id, requireUser(request).id, request.body.seq),
    }),
  );

  app.post(
    '/api/conversations/:id/close',
    {
      schema: {
        tags,
        params: conversationParamsSchema,
        response: { 200: conversationSchema, ...errorReplies },
      },
    },
    async (request) => closeConversation(db, request.params.id, requireUser(request)),
  );

  app.post(
    '/api/conversations/:id/feedback',
    {
      schema: {
        tags,
        summary: 'The student says whether a closed conversation helped (private, for the admins)',
        params: conversationParamsSchema,
        body: conversationFeedbackSchema,
        response: { 201: conversationSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return giveFeedback(db, request.params.id, requireUser(request), request.body);
    },
  );

  app.post(
    '/api/conversations/:id/block',
    {
      schema: {
        tags,
        params: conversationParamsSchema,
        response: { 200: conversationSchema, ...errorReplies },
      },
    },
    async (request) => setBlock(db, request.params.id, requireUser(request), true),
  );

  app.delete(
    '/api/conversations/:id/block',
    {
      schema: {
        tags,
        params: conversationParamsSchema,
        response: { 200: conversationSchema, ...errorReplies },
      },
    },
    async (request) => setBlock(db, request.params.id, requireUser(request), false),
  );

  app.post(
    '/api/conversations/:id/report',
    {
      schema: {
        tags,
        params: conversationParamsSchema,
        body: chatReportSchema,
        response: { 201: okSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      await reportConversation(db, request.params.id, requireUser(request), request.body);
      reply.code(201);
      return { ok: true as const };
    },
  );
};
