import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { MarkReadInput } from '../../../shared/schemas/notifications';
import type { Database } from '../../db/client';
import { conversations, notifications } from '../../db/schema';
import { announce } from './events';

type Reader = Pick<Database, 'select'>;
type Writer = Pick<Database, 'update' | 'execute'>;

/** The bells' numbers: each person's unread notifications (a partial index holds exactly these); none: not in the map. */
export async function unreadCounts(db: Reader, userIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ userId: notifications.userId, unread: count() })
    .from(notifications)
    .where(and(anyOf(notifications.userId, userIds), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  return new Map(rows.map((row) => [row.userId, row.unread]));
}

export async function unreadCount(db: Reader, userId: string): Promise<number> {
  return (await unreadCounts(db, [userId])).get(userId) ?? 0;
}

/** `column = any($1)`: one parameter however many ids (an IN list takes one each, and at most 65,535). */
const anyOf = (column: typeof notifications.userId, ids: string[]) =>
  sql`${column} = any(${sql.param(ids)}::uuid[])`;

/**
 * Which of these people (an instance's connected ones) have a notification of this event: the recipients of an
 * event too large to name them all.
 */
export async function recipientsOf(db: Reader, eventKey: string, amongUserIds: string[]): Promise<string[]> {
  if (amongUserIds.length === 0) return [];
  const rows = await db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(and(eq(notifications.eventKey, eventKey), anyOf(notifications.userId, amongUserIds)));
  return rows.map((row) => row.userId);
}

/** Marks the caller's own notifications read (some by id, or all); their other tabs' bells follow. */
export async function markNotificationsRead(
  db: Database,
  userId: string,
  input: MarkReadInput,
): Promise<{ unread: number }> {
  return db.transaction(async (tx) => {
    const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
    const marked = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        'ids' in input
          ? and(mine, inArray(notifications.id, input.ids))
          : 'questionId' in input
            ? and(mine, eq(notifications.questionId, input.questionId))
            : mine,
      )
      .returning({ id: notifications.id });
    if (marked.length > 0) await announce(tx, { userIds: [userId] });
    return { unread: await unreadCount(tx, userId) };
  });
}

/**
 * The reader reached `lastReadSeq` in a conversation, in the caller's transaction: once that is its last message,
 * their notifications of its messages are read too.
 */
export async function markConversationRead(
  tx: Writer,
  conversationId: string,
  userId: string,
  lastReadSeq: number,
): Promise<void> {
  // A message being sent holds its conversation's row: wait for it, so that the last number read below (a new
  // statement, a new snapshot) counts it, and a notification that already counts it is not marked read.
  await tx.execute(
    sql`select 1 from ${conversations} where ${conversations.id} = ${conversationId} for share`,
  );
  const marked = await tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.conversationId, conversationId),
        eq(notifications.type, 'chat_message'),
        isNull(notifications.readAt),
        sql`(select ${conversations.lastSeq} from ${conversations} where ${conversations.id} = ${conversationId}) <= ${lastReadSeq}`,
      ),
    )
    .returning({ id: notifications.id });
  if (marked.length > 0) await announce(tx, { userIds: [userId] });
}
