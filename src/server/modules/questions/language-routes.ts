import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import type { Locale } from '../../../shared/languages';
import { idParamsSchema } from '../../../shared/schemas/questions';
import { postLanguageSchema } from '../../../shared/schemas/translations';
import type { Database } from '../../db/client';
import { postTranslations, questions, replies } from '../../db/schema';
import { errors } from '../../errors';
import { requireUser, type SessionUser } from '../../plugins/auth';
import { publishQuestionsChanged } from './cache';
import { errorReplies } from './route-errors';

/**
 * Its author says which language a question or reply is written in; readers see it at once, and its
 * translations are made again.
 */
async function setLanguage(
  db: Database,
  user: SessionUser,
  table: typeof questions | typeof replies,
  id: string,
  language: Locale,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [post] = await tx
      .select({ authorId: table.authorId })
      .from(table)
      .where(eq(table.id, id))
      .for('update');
    if (!post) throw errors.notFound();
    if (post.authorId !== user.id) throw errors.forbidden();
    await tx.update(table).set({ language }).where(eq(table.id, id));
    // Made from the language it was thought to be in: made again on the next request.
    await tx
      .delete(postTranslations)
      .where(eq(table === questions ? postTranslations.questionId : postTranslations.replyId, id));
    await publishQuestionsChanged(tx);
  });
}

export const languageRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  for (const [path, table] of [
    ['/api/questions/:id/language', questions],
    ['/api/replies/:id/language', replies],
  ] as const) {
    app.put(
      path,
      {
        schema: {
          tags: ['questions'],
          params: idParamsSchema,
          body: postLanguageSchema,
          response: { 200: postLanguageSchema, ...errorReplies },
        },
      },
      async (request) => {
        await setLanguage(db, requireUser(request), table, request.params.id, request.body.language);
        return { language: request.body.language };
      },
    );
  }
};
