import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookmarks, likes, questionFollows, questions } from '../../db/schema';
import type { SessionUser } from '../../plugins/auth';
import { publishQuestionsChanged } from './cache';
import { assertQuestionExists, followQuestion } from './questions';
import { marksChanged } from './viewer-marks';

/** Sets the like to `liked`, or toggles it when not given; the count moves only when the row does. */
export async function setLike(
  db: Database,
  user: SessionUser,
  questionId: string,
  liked?: boolean,
): Promise<{ liked: boolean; upvotes: number }> {
  await assertQuestionExists(db, questionId);
  const result = await db.transaction(async (tx) => {
    const current = await tx
      .select({ userId: likes.userId })
      .from(likes)
      .where(and(eq(likes.userId, user.id), eq(likes.questionId, questionId)));
    const want = liked ?? current.length === 0;
    let delta: number;
    if (want) {
      const inserted = await tx
        .insert(likes)
        .values({ userId: user.id, questionId })
        .onConflictDoNothing()
        .returning({ userId: likes.userId });
      delta = inserted.length;
    } else {
      const deleted = await tx
        .delete(likes)
        .where(and(eq(likes.userId, user.id), eq(likes.questionId, questionId)))
        .returning({ userId: likes.userId });
      delta = -deleted.length;
    }
    const [row] = await tx
      .update(questions)
      .set({ upvotes: sql`${questions.upvotes} + ${delta}` })
      .where(eq(questions.id, questionId))
      .returning({ upvotes: questions.upvotes });
    await publishQuestionsChanged(tx, 'likes');
    return { liked: want, upvotes: row?.upvotes ?? 0 };
  });
  marksChanged(db, user.id);
  return result;
}

/** Sets the bookmark to `bookmarked`, or toggles it when not given. */
export async function setBookmark(
  db: Database,
  user: SessionUser,
  questionId: string,
  bookmarked?: boolean,
): Promise<{ bookmarked: boolean }> {
  await assertQuestionExists(db, questionId);
  const where = and(eq(bookmarks.userId, user.id), eq(bookmarks.questionId, questionId));
  const current = await db.select({ userId: bookmarks.userId }).from(bookmarks).where(where);
  const want = bookmarked ?? current.length === 0;
  if (want) await db.insert(bookmarks).values({ userId: user.id, questionId }).onConflictDoNothing();
  else await db.delete(bookmarks).where(where);
  marksChanged(db, user.id);
  return { bookmarked: want };
}

/** Follows or unfollows a question, idempotently: the Follow toggle. */
export async function setFollow(
  db: Database,
  user: SessionUser,
  questionId: string,
  following: boolean,
): Promise<{ following: boolean }> {
  await assertQuestionExists(db, questionId);
  if (following) await followQuestion(db, user.id, questionId);
  else {
    await db
      .delete(questionFollows)
      .where(and(eq(questionFollows.userId, user.id), eq(questionFollows.questionId, questionId)));
  }
  marksChanged(db, user.id);
  return { following };
}
