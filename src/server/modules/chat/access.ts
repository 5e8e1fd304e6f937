import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { conversationParticipants, conversations } from '../../db/schema';
import { errors } from '../../errors';

export type ConversationRow = typeof conversations.$inferSelect;
type Executor = Pick<Database, 'select'>;

/**
 * The conversation, when `userId` takes part in it. Anyone else gets the same 404 as for an id that does not
 * exist, so a stranger learns nothing, admins included: they do not read private conversations.
 */
export async function conversationOf(
  db: Executor,
  conversationId: string,
  userId: string,
): Promise<ConversationRow & { lastReadSeq: number }> {
  const [row] = await db
    .select({ conversation: conversations, lastReadSeq: conversationParticipants.lastReadSeq })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, userId),
      ),
    )
    .limit(1);
  if (!row) throw errors.notFound();
  return { ...row.conversation, lastReadSeq: row.lastReadSeq };
}

/** The two people of a conversation, for the events that reach both. */
export const peopleOf = (conversation: Pick<ConversationRow, 'studentId' | 'mentorId'>) => [
  conversation.studentId,
  conversation.mentorId,
];
