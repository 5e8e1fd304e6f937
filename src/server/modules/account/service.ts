import { asc, eq, sql } from 'drizzle-orm';
import type { Locale, Role } from '../../../shared/constants';
import type { AccountExport } from '../../../shared/schemas/account';
import type { Database } from '../../db/client';
import {
  bookmarks,
  categories,
  conversationParticipants,
  conversations,
  failedSignins,
  mailOutbox,
  likes,
  messages,
  notifications,
  pushSubscriptions,
  questionFollows,
  questions,
  replies,
  reports,
  serviceNotices,
  sessions,
  users,
  voiceNotes,
} from '../../db/schema';
import { errors } from '../../errors';
import { hashPassword, isCommonPassword } from '../../lib/passwords';
import type { SessionUser } from '../../plugins/auth';
import { endSessions } from '../../plugins/sessions';
import { checkCurrentPassword, type PasswordCaller } from '../auth/service';
import { announceGone } from '../notifications/notify';
import { questionsChanged } from '../questions/cache';
import { preferencesOf } from '../notifications/preferences';

export async function updateProfile(
  db: Database,
  userId: string,
  changes: { displayName?: string; locale?: Locale },
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
  });
  // The cached feeds and question pages no longer show what the account wrote, on any instance.
  await questionsChanged(db);
}

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? iso(date) : null);

/** Everything held about `user`, read in one snapshot so the parts agree with each other. */
export async function exportAccount(db: Database, user: SessionUser, locale: Locale): Promise<AccountExport> {
  return db.transaction(
    async (tx) => {
      const [account] = await tx.select().from(users).where(eq(users.id, user.id));
      // The session that asks was just read; the account cannot be gone unless it was deleted in between.
      const person = account ?? user;
      // One query after another: a transaction is one connection, which runs one query at a time.
      const sessionRows = await tx
        .select({
          createdAt: sessions.createdAt,
          lastUsedAt: sessions.lastUsedAt,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .where(eq(sessions.userId, user.id))
        .orderBy(asc(sessions.createdAt));
      const questionRows = await tx
        .select({
          id: questions.id,
          title: questions.title,
          content: questions.content,
          tags: questions.tags,
          isUrgent: questions.isUrgent,
          isAnonymous: questions.isAnonymous,
          upvotes: questions.upvotes,
          replyCount: questions.replyCount,
          createdAt: questions.createdAt,
          categorySlug: categories.slug,
          categoryName: locale === 'vi' ? categories.nameVi : categories.nameEn,
        })
        .from(questions)
        .leftJoin(categories, eq(categories.id, questions.categoryId))
        .where(eq(questions.authorId, user.id))
        .orderBy(asc(questions.createdAt));
      const replyRows = await tx
        .select({
          id: replies.id,
          questionId: replies.questionId,
          content: replies.content,
          createdAt: replies.createdAt,
        })
        .from(replies)
        .where(eq(replies.authorId, user.id))
        .orderBy(asc(replies.createdAt));
      const likeRows = await tx
        .select({ questionId: likes.questionId, createdAt: likes.createdAt })
        .from(likes)
        .where(eq(likes.userId, user.id))
        .orderBy(asc(likes.createdAt));
      const bookmarkRows = await tx
        .select({ questionId: bookmarks.questionId, createdAt: bookmarks.createdAt })
        .from(bookmarks)
        .where(eq(bookmarks.userId, user.id))
        .orderBy(asc(bookmarks.createdAt));
      const followRows = await tx
        .select({ questionId: questionFollows.questionId, createdAt: questionFollows.createdAt })
        .from(questionFollows)
        .where(eq(questionFollows.userId, user.id))
        .orderBy(asc(questionFollows.createdAt));
      const reportRows = await tx
        .select({
          id: reports.id,
          questionId: reports.questionId,
          replyId: reports.replyId,
          conversationId: reports.conversationId,
          messageId: reports.messageId,
          reason: reports.reason,
          details: reports.details,
          status: reports.status,
          createdAt: reports.createdAt,
        })
        .from(reports)
        .where(eq(reports.reporterId, user.id))
        .orderBy(asc(reports.createdAt));
      // Not the audio itself: it can be megabytes, and the person can play it on their question.
      const conversationRows = await tx
        .select({
          id: conversations.id,
          title: conversations.title,
          status: conversations.status,
          createdAt: conversations.createdAt,
        })
        .from(conversationParticipants)
        .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
        .where(eq(conversationParticipants.userId, user.id))
        .orderBy(asc(conversations.createdAt));
      const messageRows = await tx
        .select({
          id: messages.id,
          conversationId: messages.conversationId,
          content: messages.content,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(eq(messages.senderId, user.id))
        .orderBy(asc(messages.createdAt));
      const voiceRows = await tx
        .select({
          questionId: voiceNotes.questionId,
          mimeType: voiceNotes.mimeType,
          byteLength: voiceNotes.byteLength,
          createdAt: voiceNotes.createdAt,
        })
        .from(voiceNotes)
        .innerJoin(questions, eq(questions.id, voiceNotes.questionId))
        .where(eq(questions.authorId, user.id))
        .orderBy(asc(voiceNotes.createdAt));
      const noticeRows = await tx
        .select({
          serviceId: serviceNotices.serviceId,
          note: serviceNotices.note,
          updatedAt: serviceNotices.updatedAt,
        })
        .from(serviceNotices)
        .where(eq(serviceNotices.updatedBy, user.id))
        .orderBy(asc(serviceNotices.serviceId));
      const notificationRows = await tx
        .select({
          id: notifications.id,
          type: notifications.type,
          questionId: notifications.questionId,
          replyId: notifications.replyId,
          conversationId: notifications.conversationId,
          detail: notifications.detail,
          count: notifications.count,
          createdAt: notifications.createdAt,
          readAt: notifications.readAt,
          emailedAt: notifications.emailedAt,
          pushedAt: notifications.pushedAt,
        })
        .from(notifications)
        .where(eq(notifications.userId, user.id))
        .orderBy(asc(notifications.createdAt), asc(notifications.id));
      const preferences = (await preferencesOf(tx, [user.id])).get(user.id)!;
      const subscriptionRows = await tx
        .select({
          endpoint: pushSubscriptions.endpoint,
          createdAt: pushSubscriptions.createdAt,
          lastSuccessAt: pushSubscriptions.lastSuccessAt,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, user.id))
        .orderBy(asc(pushSubscriptions.createdAt));
      const failedRows = await tx
        .select({ createdAt: failedSignins.createdAt })
        .from(failedSignins)
        .where(eq(failedSignins.email, person.email.toLowerCase()))
        .orderBy(asc(failedSignins.createdAt));
      // The emails sent to their address: what kind and when, never the links they carried.
      const emailRows = await tx
        .select({
          kind: mailOutbox.kind,
          status: mailOutbox.status,
          createdAt: mailOutbox.createdAt,
          sentAt: mailOutbox.sentAt,
        })
        .from(mailOutbox)
        .where(sql`lower(${mailOutbox.toAddress}) = lower(${person.email})`)
        .orderBy(asc(mailOutbox.createdAt));

      return {
        exportedAt: iso(new Date()),
        account: {
          id: person.id,
          email: person.email,
          displayName: person.displayName,
          role: person.role,
          locale: person.locale,
          isDemo: person.isDemo,
          mentorVerifiedAt: person.mentorVerifiedAt ? iso(person.mentorVerifiedAt) : null,
          emailVerifiedAt: person.emailVerifiedAt ? iso(person.emailVerifiedAt) : null,
          mentorDeclinedReason: person.mentorDeclinedReason,
          isFoundingMember: person.isFoundingMember,
          headline: person.headline,
          story: person.story,
          countryPath: person.countryPath,
          expertise: person.expertise,
          createdAt: iso(person.createdAt),
          lastSeenAt: person.lastSeenAt ? iso(person.lastSeenAt) : null,
        },
        sessions: sessionRows.map((row) => ({
          createdAt: iso(row.createdAt),
          lastUsedAt: iso(row.lastUsedAt),
          expiresAt: iso(row.expiresAt),
        })),
        questions: questionRows.map(({ categorySlug, categoryName, ...row }) => ({
          ...row,
          category: categorySlug && categoryName ? { slug: categorySlug, name: categoryName } : null,
          createdAt: iso(row.createdAt),
        })),
        replies: replyRows.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
        likes: likeRows.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
        bookmarks: bookmarkRows.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
        follows: followRows.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
        reports: reportRows.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
        conversations: conversationRows.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
        messages: messageRows.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
        voiceNotes: voiceRows.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
        serviceNotices: noticeRows.map((row) => ({ ...row, updatedAt: iso(row.updatedAt) })),
        notifications: notificationRows.map((row) => ({
          ...row,
          createdAt: iso(row.createdAt),
          readAt: isoOrNull(row.readAt),
          emailedAt: isoOrNull(row.emailedAt),
          pushedAt: isoOrNull(row.pushedAt),
        })),
        notificationPreferences: preferences,
        pushSubscriptions: subscriptionRows.map((row) => ({
          ...row,
          createdAt: iso(row.createdAt),
          lastSuccessAt: isoOrNull(row.lastSuccessAt),
        })),
        failedSignIns: failedRows.map((row) => ({ createdAt: iso(row.createdAt) })),
        emails: emailRows.map((row) => ({
          ...row,
          createdAt: iso(row.createdAt),
          sentAt: row.sentAt ? iso(row.sentAt) : null,
        })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
