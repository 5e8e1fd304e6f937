import { messageLocale } from '../../lib/text';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Locale } from '../../../shared/constants';
import type { createQuestionSchema, Question, QuestionDetail } from '../../../shared/schemas/questions';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { chloeReplyJobs, categories, questions } from '../../db/schema';
import { errors } from '../../errors';
import type { SessionUser } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { announceGone, notifyRemoved, notifyTopicFollowers } from '../notifications';
import { publishQuestionsChanged } from './cache';
import { questionPosted } from './events';
import { resolveReportsOn } from '../reports';
import { getQuestion } from './question-detail';
import { enforcePostingLimits } from './posting-limits';
import { SELECT_QUESTION, shapeQuestion, viewerFlags, type QuestionRow } from './question-shape';
import { marksChanged } from './viewer-marks';

export async function createQuestion(
  db: Database,
  user: SessionUser,
  locale: Locale,
  input: z.output<typeof createQuestionSchema>,
  limits: Config['postingLimits'],
): Promise<QuestionDetail> {
  const id = await db.transaction(async (tx) => {
    await enforcePostingLimits(tx, user, 'question', limits);
    const categoryId = input.category
      ? (
          await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, input.category))
        )[0]?.id
      : null;
    const [created] = await tx
      .insert(questions)
      .values({
        authorId: user.id,
        categoryId: categoryId ?? null,
        title: input.title,
        content: input.content,
        language: messageLocale(`${input.title} ${input.content}`, locale),
        tags: input.tags,
        isUrgent: input.isUrgent,
        isAnonymous: input.isAnonymous,
      })
      .returning({ id: questions.id });
    // Chloe answers every new question: a durable job, created with the question or not at all.
    await tx.insert(chloeReplyJobs).values({ questionId: created!.id, urgent: input.isUrgent });
    await followQuestion(tx, user.id, created!.id);
    await notifyTopicFollowers(tx, created!.id);
    // Readers of the feed hear of it once it commits.
    await questionPosted.publish(tx, { q: created!.id, category: (categoryId && input.category) || '' });
    return created!.id;
  });
  marksChanged(db, user.id);
  return getQuestion(db, user, locale, id);
}

/** For writes about a question (likes, bookmarks, replies, reports): an unknown one is a 404. */
export async function assertQuestionExists(db: Database, id: string): Promise<void> {
  const [row] = await db.select({ id: questions.id }).from(questions).where(eq(questions.id, id));
  if (!row) throw errors.notFound();
}

/**
 * The person hears of the question's new replies from now on (asking and replying follow it). A question deleted
 * meanwhile gets no follower.
 */
export async function followQuestion(
  db: Pick<Database, 'execute'>,
  userId: string,
  questionId: string,
): Promise<void> {
  await db.execute(sql`
    insert into question_follows (user_id, question_id)
    select ${userId}::uuid, id from questions where id = ${questionId}::uuid
    on conflict do nothing`);
}

/**
 * Deletes a question with everything hanging on it (replies, likes, bookmarks, its voice note, Chloe's job and the
 * reports on it and its replies: the foreign keys cascade). Its author may; an admin may any, on the record.
 */
export async function deleteQuestion(
  db: Database,
  user: SessionUser,
  id: string,
  reason?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ authorId: questions.authorId, title: questions.title })
      .from(questions)
      .where(eq(questions.id, id))
      .for('update');
    if (!row) throw errors.notFound();
    if (row.authorId !== user.id && user.role !== 'admin') throw errors.forbidden();
    // An admin deciding on it decides its reports; an author deleting it leaves them open, with their copies.
    if (user.role === 'admin') await resolveReportsOn(tx, user, { questionId: id });
    await removeQuestion(tx, id);
    if (user.role === 'admin') {
      await notifyRemoved(tx, {
        kind: 'question',
        id,
        authorId: row.authorId,
        text: row.title,
        moderatorId: user.id,
      });
      await recordAudit(tx, user, {
        action: 'question.delete',
        targetType: 'question',
        targetId: id,
        targetLabel: row.title,
        reason,
      });
    }
  });
}

/** Deletes a question in the caller's transaction; the question caches of every instance empty once it commits. */
export async function removeQuestion(tx: Transaction, id: string): Promise<void> {
  await announceGone(tx, { questionId: id });
  await tx.delete(questions).where(eq(questions.id, id));
  await publishQuestionsChanged(tx);
}

/** The viewer's own questions, or the ones they saved. */
export async function profileQuestions(
  db: Database,
  viewer: SessionUser,
  locale: Locale,
  which: 'mine' | 'saved',
): Promise<Question[]> {
  const filter =
    which === 'mine'
      ? sql`where q.author_id = ${viewer.id}`
      : sql`join bookmarks b on b.question_id = q.id and b.user_id = ${viewer.id}`;
  const result = await db.execute<QuestionRow>(
    which === 'mine'
      ? sql`${SELECT_QUESTION} ${filter} order by q.created_at desc limit 100`
      : sql`${SELECT_QUESTION} ${filter} order by b.created_at desc limit 100`,
  );
  const flags = await viewerFlags(
    db,
    viewer,
    result.rows.map((row) => row.id),
  );
  return result.rows.map((row) => shapeQuestion(row, viewer, locale, flags(row.id)));
}
