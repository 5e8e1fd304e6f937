import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Message, MessagesPage } from '../../../shared/schemas/chat';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { conversationParticipants, conversations, messages, type reports } from '../../db/schema';
import { fileReport } from '../reports';
import { notifyMessage, markConversationRead } from '../notifications';
import { errors } from '../../errors';
import type { SessionUser } from '../../plugins/auth';
import { conversationOf, isBlocked, peopleOf } from './access';
import { publishChatEvent } from './events';

type MessageRow = typeof messages.$inferSelect;

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    seq: row.seq,
    clientId: row.clientId,
  };
}

/**
 * A page of a conversation, oldest first: the newest messages, those before a number (paging back), or those
 * after one (catching up after a reconnect).
 */
export async function listMessages(
  db: Database,
  conversationId: string,
  userId: string,
  query: { before?: number; after?: number; limit: number },
): Promise<MessagesPage> {
  await conversationOf(db, conversationId, userId);
  const inConversation = eq(messages.conversationId, conversationId);
  const rows =
    query.after !== undefined
      ? await db
          .select()
          .from(messages)
          .where(and(inConversation, gt(messages.seq, query.after)))
          .orderBy(asc(messages.seq))
          .limit(query.limit + 1)
      : (
          await db
            .select()
            .from(messages)
            .where(
              query.before !== undefined
                ? and(inConversation, lt(messages.seq, query.before))
                : inConversation,
            )
            .orderBy(desc(messages.seq))
            .limit(query.limit + 1)
        ).reverse();
  const hasMore = rows.length > query.limit;
  const page = hasMore ? (query.after !== undefined ? rows.slice(0, -1) : rows.slice(1)) : rows;
  return { messages: page.map(toMessage), hasMore };
}

async function messageByClientId(db: Pick<Database, 'select'>, senderId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
    .limit(1);
  return row;
}

/**
 * Sends a message. Its number is the conversation's next one, taken under the conversation row's lock, so numbers
 * have no gaps. A `clientId` the sender used before returns the first message (`created: false`), whenever the
 * resend comes. The new-message event is published in the same transaction: it is heard once the message is
 * committed, never before.
 */
export async function sendMessage(
  db: Database,
  conversationId: string,
  sender: SessionUser,
  input: { content: string; clientId?: string },
): Promise<{ message: Message; created: boolean }> {
  const { clientId } = input;
  if (clientId) {
    const earlier = await messageByClientId(db, sender.id, clientId);
    if (earlier) return { message: toMessage(earlier), created: false };
  }
  try {
    return await db.transaction(async (tx) => {
      const conversation = await conversationOf(tx, conversationId, sender.id, { lock: true });
      if (clientId) {
        // A resend that raced the first send waited for its lock above and now sees it.
        const earlier = await messageByClientId(tx, sender.id, clientId);
        if (earlier) return { message: toMessage(earlier), created: false };
      }
      if (conversation.status !== 'active') throw errors.conversationClosed();
      // Whoever writes as the mentor must still be a verified mentor.
      if (sender.id === conversation.mentorId && (sender.role !== 'mentor' || !sender.mentorVerifiedAt))
        throw errors.conversationClosed();
      if (await isBlocked(tx, conversation.studentId, conversation.mentorId))
        throw errors.conversationBlocked();

      const now = new Date();
      const [numbered] = await tx
        .update(conversations)
        .set({
          lastSeq: sql`${conversations.lastSeq} + 1`,
          updatedAt: now,
          ...(sender.id === conversation.mentorId && {
            firstReplyAt: sql`coalesce(${conversations.firstReplyAt}, ${now})`,
          }),
        })
        .where(eq(conversations.id, conversationId))
        .returning({ seq: conversations.lastSeq });
      const [row] = await tx
        .insert(messages)
        .values({
          conversationId,
          senderId: sender.id,
          content: input.content,
          seq: numbered!.seq,
          clientId: clientId ?? null,
          createdAt: now,
        })
        .returning();
      // The sender has read their own message, and everything before it: the bell's notifications of it too.
      await tx
        .update(conversationParticipants)
        .set({ lastReadSeq: numbered!.seq })
        .where(
          and(
            eq(conversationParticipants.conversationId, conversationId),
            eq(conversationParticipants.userId, sender.id),
          ),
        );
      await markConversationRead(tx, conversationId, sender.id, numbered!.seq);
      const [recipientId] = peopleOf(conversation).filter((id) => id !== sender.id);
      await notifyMessage(tx, {
        conversationId,
        senderId: sender.id,
        recipientId: recipientId!,
        seq: row!.seq,
      });
      await publishChatEvent(tx, { t: 'message', c: conversationId, m: row!.id, u: peopleOf(conversation) });
      return { message: toMessage(row!), created: true };
    });
  } catch (error) {
    // The same clientId sent at once to two conversations: the first one stands.
    if (clientId && isUniqueViolation(error)) {
      const earlier = await messageByClientId(db, sender.id, clientId);
      if (earlier) return { message: toMessage(earlier), created: false };
    }
    throw error;
  }
}

/**
 * Moves the reader's last-read number forward (never back, never past the last message). Reaching the last message
 * reads the bell's notifications of the conversation too.
 */
export async function markRead(
  db: Database,
  conversationId: string,
  userId: string,
  seq: number,
): Promise<number> {
  const conversation = await conversationOf(db, conversationId, userId);
  const target = Math.min(seq, conversation.lastSeq);
  if (target <= conversation.lastReadSeq) return conversation.lastReadSeq;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(conversationParticipants)
      .set({ lastReadSeq: sql`greatest(${conversationParticipants.lastReadSeq}, ${target})` })
      .where(
        and(
          eq(conversationParticipants.conversationId, conversationId),
          eq(conversationParticipants.userId, userId),
        ),
      )
      .returning({ lastReadSeq: conversationParticipants.lastReadSeq });
    const lastReadSeq = row?.lastReadSeq ?? target;
    await markConversationRead(tx, conversationId, userId, lastReadSeq);
    await publishChatEvent(tx, {
      t: 'read',
      c: conversationId,
      by: userId,
      seq: lastReadSeq,
      u: peopleOf(conversation),
    });
    return lastReadSeq;
  });
}

/** A report on a conversation or one of its messages, for the admins' queue: one open report per person and target. */
export async function reportConversation(
  db: Database,
  conversationId: string,
  user: SessionUser,
  input: { reason: (typeof reports.$inferInsert)['reason']; details?: string; messageId?: string },
): Promise<void> {
  await conversationOf(db, conversationId, user.id);
  if (input.messageId) {
    const [message] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, input.messageId), eq(messages.conversationId, conversationId)))
      .limit(1);
    if (!message) throw errors.notFound();
  }
  await fileReport(db, user.id, input.messageId ? { messageId: input.messageId } : { conversationId }, input);
}
