import { asc, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants';
import { categoryTexts } from '../../../shared/categories';
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
import type { SessionUser } from '../../plugins/auth';
import { preferencesOf } from '../notifications';

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
          state: person.state,
          city: person.city,
          topics: person.topics,
          languages: person.languages,
          createdAt: iso(person.createdAt),
          lastSeenAt: person.lastSeenAt ? iso(person.lastSeenAt) : null,
        },
        sessions: sessionRows.map((row) => ({
          createdAt: iso(row.createdAt),
          lastUsedAt: iso(row.lastUsedAt),
          expiresAt: iso(row.expiresAt),
        })),
        questions: questionRows.map(({ categorySlug, ...row }) => ({
          ...row,
          category: categorySlug
            ? { slug: categorySlug, name: categoryTexts(categorySlug, locale)!.name }
            : null,
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
