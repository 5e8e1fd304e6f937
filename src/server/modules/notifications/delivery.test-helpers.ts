import { eq, inArray } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants';
import type { NotificationType } from '../../../shared/schemas/notifications';
import type { Database } from '../../db/client';
import {
  conversations,
  notificationPreferences,
  notifications,
  questions,
  replies,
  users,
} from '../../db/schema';
import { uniqueEmail } from '../../test/helpers';

/**
 * The rows the email and push senders read, written straight into the tables: the senders are tested on their
 * own, whatever writes the notifications.
 */
export async function insertPerson(
  db: Database,
  options: { locale?: Locale; verified?: boolean; demo?: boolean; name?: string } = {},
) {
  const [user] = await db
    .insert(users)
    .values({
      email: uniqueEmail('notified'),
      displayName: options.name ?? 'Mai Tran',
      passwordHash: 'not-used',
      locale: options.locale ?? 'en',
      isDemo: options.demo ?? false,
      emailVerifiedAt: options.verified === false ? null : new Date(),
    })
    .returning();
  return user!;
}

export async function insertQuestion(
  db: Database,
  authorId: string,
  title: string,
  options: { anonymous?: boolean } = {},
) {
  const [question] = await db
    .insert(questions)
    .values({ authorId, title, content: 'Some details.', isAnonymous: options.anonymous ?? false })
    .returning();
  return question!;
}

/** A reply to a question: a person's (`authorId`), or Chloe's (none). */
export async function insertReply(db: Database, questionId: string, content: string, authorId?: string) {
  const [reply] = await db
    .insert(replies)
    .values({ questionId, content, authorId: authorId ?? null, isAiReply: !authorId })
    .returning();
  return reply!;
}

export async function insertConversation(db: Database, studentId: string, mentorId: string, title: string) {
  const [conversation] = await db.insert(conversations).values({ studentId, mentorId, title }).returning();
  return conversation!;
}

let sequence = 0;

/** A notification whose email is due at `emailDueAt` (default: now, as the writer sets for replies). */
export async function insertNotification(
  db: Database,
  row: {
    userId: string;
    type: NotificationType;
    questionId?: string;
    replyId?: string;
    actorId?: string;
    conversationId?: string;
    count?: number;
    detail?: string;
    eventKey?: string;
    createdAt?: Date;
    emailDueAt?: Date | null;
    readAt?: Date;
  },
) {
  sequence += 1;
  const [inserted] = await db
    .insert(notifications)
    .values({
      eventKey: `test:${sequence}:${Math.random()}`,
      ...row,
      emailDueAt: row.emailDueAt === undefined ? new Date() : row.emailDueAt,
    })
    .returning();
  return inserted!;
}

export async function notificationRows(db: Database, ids: string[]) {
  return db.select().from(notifications).where(inArray(notifications.id, ids));
}

export async function setPreferences(
  db: Database,
  userId: string,
  values: Partial<typeof notificationPreferences.$inferInsert>,
) {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
}

export async function storedPreferences(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row;
}
