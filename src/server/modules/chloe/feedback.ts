import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chloeFeedbackCreatedSchema,
  chloeFeedbackPageSchema,
  chloeFeedbackQuerySchema,
  chloeFeedbackSchema,
  FEEDBACK_LIMITS,
  type ChloeFeedbackPage,
  type ChloeFeedbackQuery,
  type FeedbackRating,
} from '../../../shared/schemas/ai';
import { errorResponseSchema } from '../../../shared/schemas/common';
import type { Locale } from '../../../shared/constants';
import type { Database } from '../../db/client';
import { chloeFeedback, type SharedTurn } from '../../db/schema';
import { afterTime, exactTime, keysetPage } from '../../db/keyset';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { requireRole } from '../../plugins/auth';
import { recordMiss } from './misses';
import { messageLocale } from '../../lib/text';

export type NewFeedback = {
  rating: FeedbackRating;
  reason?: string;
  sources: string[];
  conversation?: SharedTurn[];
  locale: Locale;
};

/** Keeps one piece of feedback; the conversation only when the person chose to share it. */
export async function saveFeedback(db: Database, input: NewFeedback, userId: string | null): Promise<string> {
  const [row] = await db
    .insert(chloeFeedback)
    .values({
      rating: input.rating,
      reason: input.reason ?? null,
      locale: input.locale,
      sources: input.sources,
      conversation: input.conversation ?? null,
      userId,
    })
    .returning({ id: chloeFeedback.id });
  return row!.id;
}

/** Feedback is kept this long: enough to see what to improve, not a record of people's questions. */
export const FEEDBACK_KEPT_DAYS = 90;

/** Deletes feedback older than 90 days (the leading instance, once a day). */
export async function pruneFeedback(db: Database): Promise<void> {
  await db
    .delete(chloeFeedback)
    .where(sql`${chloeFeedback.createdAt} < now() - make_interval(days => ${FEEDBACK_KEPT_DAYS})`);
}

/** A page of feedback for the admins, newest first, of one rating or both. Who sent it is not shown. */
export async function listFeedback(db: Database, query: ChloeFeedbackQuery): Promise<ChloeFeedbackPage> {
  const where: SQL[] = [];
  if (query.rating) where.push(eq(chloeFeedback.rating, query.rating));
  if (query.cursor) where.push(afterTime(chloeFeedback.createdAt, chloeFeedback.id, query.cursor));
  const rows = await db
    .select({
      id: chloeFeedback.id,
      rating: chloeFeedback.rating,
      reason: chloeFeedback.reason,
      locale: chloeFeedback.locale,
      sources: chloeFeedback.sources,
      conversation: chloeFeedback.conversation,
      createdAt: chloeFeedback.createdAt,
      exact: exactTime(chloeFeedback.createdAt),
    })
    .from(chloeFeedback)
    .where(and(...where))
    .orderBy(desc(chloeFeedback.createdAt), desc(chloeFeedback.id))
    .limit(FEEDBACK_LIMITS.pageSize + 1);
  const { page, nextCursor } = keysetPage(rows, FEEDBACK_LIMITS.pageSize, (last) => ({
    createdAt: last.exact,
    id: last.id,
  }));
  // The askers' word on Chloe's replies in the feed: the other half of how well she answers.
  const [feed] = (
    await db.execute<{ total: number; helpful: number }>(sql`
      select count(*)::int as total, count(*) filter (where helpful_at is not null)::int as helpful
      from replies where is_ai_reply`)
  ).rows;
  return {
    feedReplies: { total: feed?.total ?? 0, helpful: feed?.helpful ?? 0 },
    items: page.map(({ exact: _exact, createdAt, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
    })),
    nextCursor,
  };
}

const errorReplies = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * `POST /api/ai/feedback`: a thumbs up or down on one of Chloe's answers, from anyone (signed in or not), limited
 * per member or per address. `GET /api/admin/chloe-feedback`: the admins' list, checked here as well as by the
 * auth plugin's hook for every /api/admin/ path.
 */
export const feedbackRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, opts) => {
  const { db } = opts;

  app.post(
    '/api/ai/feedback',
    {
      schema: {
        tags: ['chloe'],
        body: chloeFeedbackSchema,
        response: { 201: chloeFeedbackCreatedSchema, ...errorReplies },
      },
      config: { rateLimits: [RATE_LIMITS.chloeFeedback] },
    },
    async (request, reply) => {
      const { question, ...feedback } = request.body;
      const id = await saveFeedback(db, feedback, request.user?.id ?? null);
      // What was asked goes to Chloe's misses on its own: the miss names no one and points to no feedback.
      if (question && feedback.rating === 'down')
        await recordMiss(db, {
          question,
          locale: messageLocale(question, feedback.locale),
          kind: 'thumbs-down',
        });
      return reply.code(201).send({ id });
    },
  );

  app.get(
    '/api/admin/chloe-feedback',
    {
      schema: {
        tags: ['admin'],
        querystring: chloeFeedbackQuerySchema,
        response: { 200: chloeFeedbackPageSchema, ...errorReplies },
      },
    },
    async (request) => {
      requireRole('admin')(request);
      return listFeedback(db, request.query);
    },
  );
};
