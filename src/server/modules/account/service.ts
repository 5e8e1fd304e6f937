import { eq, sql } from 'drizzle-orm';
import type { Locale, Role } from '../../../shared/constants';
import type { Database } from '../../db/client';
import { failedSignins, mailOutbox, likes, questions, replies, users } from '../../db/schema';
import { errors } from '../../errors';
import { hashPassword, isCommonPassword } from '../../lib/passwords';
import type { SessionUser } from '../../plugins/auth';
import { endSessions } from '../../plugins/sessions';
import { checkCurrentPassword, type PasswordCaller } from '../auth';
import { announceGone } from '../notifications';
import { publishQuestionsChanged } from '../questions';

export async function updateProfile(
  db: Database,
  userId: string,
  changes: { displayName?: string; locale?: Locale; state?: string | null },
): Promise<SessionUser> {
  const [user] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  if (!user) throw errors.notFound();
  return user;
}

/**
 * Changes the password and ends every other session of the user; an email change or confirmation asked for before
 * can no longer be finished.
 */
export async function changePassword(
  db: Database,
  user: SessionUser,
  currentSessionId: string | null,
  input: { currentPassword: string; newPassword: string },
  caller: PasswordCaller,
): Promise<void> {
  await checkCurrentPassword(db, user, input.currentPassword, caller);
  if (isCommonPassword(input.newPassword)) throw errors.commonPassword();
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await endSessions(tx, user.id, { keep: currentSessionId });
  });
}

export async function dismissNotice(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ mentorDeclinedReason: null }).where(eq(users.id, userId));
}

/** Changes a role and revokes the user's sessions, so the new role applies from the next sign-in. */
export async function changeRole(db: Database, userId: string, role: Role): Promise<SessionUser> {
  return db.transaction(async (tx) => {
    const [user] = await tx.update(users).set({ role }).where(eq(users.id, userId)).returning();
    if (!user) throw errors.notFound();
    await endSessions(tx, userId);
    return user;
  });
}

/**
 * Deletes the account; sessions, questions, replies and link tokens go with it (foreign keys cascade), and so do the
 * failed sign-ins and the emails kept for its address. Other people's questions lose the counts the account gave
 * them: its replies, the "This helped" marks on them, its likes.
 */
export async function deleteAccount(
  db: Database,
  user: SessionUser,
  password: string,
  caller: PasswordCaller,
): Promise<void> {
  await checkCurrentPassword(db, user, password, caller);
  await db.transaction(async (tx) => {
    await announceGone(tx, { authorId: user.id });
    // Each count moves by the rows this statement deleted, as a reply's removal does: a reply or like removed
    // meanwhile by someone else is not counted twice.
    await tx.execute(sql`
      with gone as (delete from ${replies} where ${replies.authorId} = ${user.id} returning question_id, helpful_at),
        counts as (select question_id, count(*)::int as n, count(helpful_at)::int as helped from gone group by 1)
      update ${questions} set reply_count = reply_count - counts.n, helpful_count = helpful_count - counts.helped
      from counts where ${questions.id} = counts.question_id`);
    await tx.execute(sql`
      with gone as (delete from ${likes} where ${likes.userId} = ${user.id} returning question_id),
        counts as (select question_id, count(*)::int as n from gone group by 1)
      update ${questions} set upvotes = upvotes - counts.n from counts where ${questions.id} = counts.question_id`);
    await tx.delete(users).where(eq(users.id, user.id));
    await tx.delete(failedSignins).where(eq(failedSignins.email, user.email));
    await tx.delete(mailOutbox).where(sql`lower(${mailOutbox.toAddress}) = lower(${user.email})`);
    // The cached feeds and question pages no longer show what the account wrote, on any instance.
    await publishQuestionsChanged(tx);
  });
}
