import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Transaction } from '../../db/client';
import { questions, replies } from '../../db/schema';
import { errors } from '../../errors';
import type { SessionUser } from '../../plugins/auth';

const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/** Spam limits, checked under a per-user lock so two posts at once cannot both slip through. */
export async function enforcePostingLimits(
  tx: Transaction,
  user: SessionUser,
  kind: 'question' | 'reply',
  limits: Config['postingLimits'],
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`post:${user.id}`}))`);
  const table = kind === 'question' ? questions : replies;
  const authorColumn = kind === 'question' ? questions.authorId : replies.authorId;
  const [stats] = await tx
    .select({
      last: sql<string | null>`max(${table.createdAt})`,
      today: sql<number>`count(*) filter (where ${table.createdAt} > now() - interval '24 hours')::int`,
    })
    .from(table)
    .where(eq(authorColumn, user.id));
  const isNew = Date.now() - user.createdAt.getTime() < NEW_ACCOUNT_MS;
  const perDay = kind === 'question' ? limits.newAccountQuestionsPerDay : limits.newAccountRepliesPerDay;
  if (isNew && (stats?.today ?? 0) >= perDay) {
    const seconds = Math.ceil((user.createdAt.getTime() + NEW_ACCOUNT_MS - Date.now()) / 1000);
    throw errors.tooManyRequests(
      kind === 'question' ? 'errors.newAccountQuestions' : 'errors.newAccountReplies',
      seconds,
    );
  }
  const interval = kind === 'question' ? limits.questionIntervalSeconds : limits.replyIntervalSeconds;
  if (stats?.last && interval > 0) {
    const wait = Math.ceil((new Date(stats.last).getTime() + interval * 1000 - Date.now()) / 1000);
    if (wait > 0) {
      throw errors.tooManyRequests(
        kind === 'question' ? 'errors.questionTooSoon' : 'errors.replyTooSoon',
        wait,
      );
    }
  }
}
