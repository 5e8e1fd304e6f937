import { createHash } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MISS_LIMITS, type ChloeMissKind, type ChloeMissStatus } from '../../../shared/chloe';
import type { Locale } from '../../../shared/constants';
import {
  chloeMissAttachSchema,
  chloeMissesPageSchema,
  chloeMissesQuerySchema,
  chloeMissReportSchema,
  type ChloeMissesPage,
  type ChloeMissesQuery,
} from '../../../shared/schemas/ai';
import type { AuditAction } from '../../../shared/schemas/admin';
import { errorResponseSchema } from '../../../shared/schemas/common';
import { idParamsSchema } from '../../../shared/schemas/questions';
import type { Database } from '../../db/client';
import { afterTime, exactTime, keysetPage } from '../../db/keyset';
import { chloeMisses, knowledgeArticles, knowledgeQuestions } from '../../db/schema';
import { errors } from '../../errors';
import { messageLocale } from '../../lib/text';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { requireRole, type SessionUser } from '../../plugins/auth';
import { requestLocale } from '../../plugins/errors';
import { recordAudit } from '../audit';
import { knowledgeChanged } from './events';
import { questionKey } from './search-index';

/**
 * Chloe's misses (decision 053): the questions she answered with nothing, those thumbed down, and those taken to the
 * community right after her answer, for the admins to attach to an article (the question joins the article's
 * questions, on every instance), mark "needs an article" or dismiss. Only the text is kept, with emails and phone
 * numbers masked, for 90 days; repeats count on one row.
 */

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
/** A run of digits (spaces, dots, dashes, brackets and a leading + between them) with eight digits or more. */
const PHONE = /\+?\(?\d[\d\s().-]{6,}\d/g;

/** The text with its email addresses and phone numbers masked; 000, 131 450 or a postcode are kept. */
export function maskPersonal(text: string): string {
  return text
    .replace(EMAIL, '[email]')
    .replace(PHONE, (run) => ((run.match(/\d/g)?.length ?? 0) >= 8 ? '[phone]' : run));
}

export type NewMiss = { question: string; locale: Locale; kind: ChloeMissKind };

/** Counts one miss: a new row, or one more on the row of the same kind, language and words. */
export async function recordMiss(db: Pick<Database, 'execute'>, miss: NewMiss): Promise<void> {
  const question = maskPersonal(miss.question.trim()).slice(0, MISS_LIMITS.questionMax);
  const key = questionKey(question);
  if (!key) return;
  const fingerprint = createHash('md5').update(key).digest('hex');
  await db.execute(sql`
    insert into chloe_misses (question, fingerprint, locale, kind)
    values (${question}, ${fingerprint}, ${miss.locale}, ${miss.kind})
    on conflict (kind, locale, fingerprint)
    do update set count = chloe_misses.count + 1, last_seen_at = now()`);
}

/** Deletes the misses that first came more than 90 days ago (the leading instance, once a day). */
export async function pruneMisses(db: Database): Promise<void> {
  await db
    .delete(chloeMisses)
    .where(sql`${chloeMisses.createdAt} < now() - make_interval(days => ${MISS_LIMITS.keptDays})`);
}

/** A page of misses in one status (open ones by default), newest first, with the articles to attach them to. */
export async function listMisses(
  db: Database,
  query: ChloeMissesQuery,
  locale: Locale,
): Promise<ChloeMissesPage> {
  const [rows, articles, [counted]] = await Promise.all([
    db
      .select({
        id: chloeMisses.id,
        question: chloeMisses.question,
        locale: chloeMisses.locale,
        kind: chloeMisses.kind,
        count: chloeMisses.count,
        status: chloeMisses.status,
        articleId: chloeMisses.articleId,
        createdAt: chloeMisses.createdAt,
        exact: exactTime(chloeMisses.createdAt),
      })
      .from(chloeMisses)
      .where(
        and(
          eq(chloeMisses.status, query.status),
          query.cursor ? afterTime(chloeMisses.createdAt, chloeMisses.id, query.cursor) : undefined,
        ),
      )
      .orderBy(desc(chloeMisses.createdAt), desc(chloeMisses.id))
      .limit(MISS_LIMITS.pageSize + 1),
    // The titles only: an article's row holds its whole text and its questions.
    db
      .select({
        id: knowledgeArticles.id,
        title: sql<string>`${knowledgeArticles.data}->'title'->>${locale}`,
      })
      .from(knowledgeArticles)
      .orderBy(knowledgeArticles.id),
    db.select({ total: count() }).from(chloeMisses).where(eq(chloeMisses.status, query.status)),
  ]);
  const { page, nextCursor } = keysetPage(rows, MISS_LIMITS.pageSize, (last) => ({
    createdAt: last.exact,
    id: last.id,
  }));
  return {
    misses: page.map(({ exact: _exact, createdAt, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
    })),
    nextCursor,
    total: counted?.total ?? 0,
    articles,
  };
}

type Decision = { status: Exclude<ChloeMissStatus, 'open'>; action: AuditAction; articleId?: string };

/**
 * An admin's decision on a miss, audited in the same transaction. Attaching adds its text to the article's
 * questions and tells every instance to build its index again.
 */
async function decide(db: Database, admin: SessionUser, id: string, decision: Decision): Promise<void> {
  await db.transaction(async (tx) => {
    const [miss] = await tx.select().from(chloeMisses).where(eq(chloeMisses.id, id)).for('update');
    if (!miss) throw errors.notFound();
    if (decision.articleId) {
      const [article] = await tx
        .select({ id: knowledgeArticles.id })
        .from(knowledgeArticles)
        .where(eq(knowledgeArticles.id, decision.articleId));
      if (!article) throw errors.validation('validation.articleRequired');
      await tx
        .insert(knowledgeQuestions)
        .values({ articleId: article.id, locale: miss.locale, question: miss.question, addedBy: admin.id })
        .onConflictDoNothing();
      await knowledgeChanged.publish(tx, {});
    }
    await tx
      .update(chloeMisses)
      .set({ status: decision.status, articleId: decision.articleId ?? miss.articleId })
      .where(eq(chloeMisses.id, id));
    await recordAudit(tx, admin, {
      action: decision.action,
      targetType: 'chloe-miss',
      targetId: id,
      targetLabel: miss.question.slice(0, 200),
      detail: decision.articleId ?? null,
    });
  });
}

export const attachMiss = (db: Database, admin: SessionUser, id: string, articleId: string) =>
  decide(db, admin, id, { status: 'attached', action: 'chloe-miss.attach', articleId });
export const missNeedsArticle = (db: Database, admin: SessionUser, id: string) =>
  decide(db, admin, id, { status: 'needs-article', action: 'chloe-miss.needs-article' });
export const dismissMiss = (db: Database, admin: SessionUser, id: string) =>
  decide(db, admin, id, { status: 'dismissed', action: 'chloe-miss.dismiss' });

const errorReplies = {
  204: z.null(),
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * `POST /api/ai/misses`: anyone's question taken to the community right after Chloe's answer, limited per person as
 * feedback is. The admins' routes (`/api/admin/chloe/misses…`) check the role here as well as in the auth plugin's
 * hook for every /api/admin/ path.
 */
export const missesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, opts) => {
  const { db } = opts;

  app.post(
    '/api/ai/misses',
    {
      schema: { tags: ['chloe'], body: chloeMissReportSchema, response: errorReplies },
      config: { rateLimits: [RATE_LIMITS.chloeFeedback] },
    },
    async (request, reply) => {
      const { question, kind } = request.body;
      await recordMiss(db, { question, kind, locale: messageLocale(question, requestLocale(request)) });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/admin/chloe/misses',
    {
      schema: {
        tags: ['admin'],
        querystring: chloeMissesQuerySchema,
        response: { 200: chloeMissesPageSchema, ...errorReplies },
      },
    },
    async (request) => {
      requireRole('admin')(request);
      return listMisses(db, request.query, requestLocale(request));
    },
  );

  app.post(
    '/api/admin/chloe/misses/:id/attach',
    {
      schema: {
        tags: ['admin'],
        params: idParamsSchema,
        body: chloeMissAttachSchema,
        response: errorReplies,
      },
    },
    async (request, reply) => {
      const admin = requireRole('admin')(request);
      await attachMiss(db, admin, request.params.id, request.body.articleId);
      return reply.code(204).send(null);
    },
  );

  for (const [path, decideOn] of [
    ['needs-article', missNeedsArticle],
    ['dismiss', dismissMiss],
  ] as const)
    app.post(
      `/api/admin/chloe/misses/:id/${path}`,
      { schema: { tags: ['admin'], params: idParamsSchema, response: errorReplies } },
      async (request, reply) => {
        const admin = requireRole('admin')(request);
        await decideOn(db, admin, request.params.id);
        return reply.code(204).send(null);
      },
    );
};
