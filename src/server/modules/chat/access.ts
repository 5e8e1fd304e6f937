import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { blocks, conversationParticipants, conversations } from '../../db/schema';
import { errors } from '../../errors';

export type ConversationRow = typeof conversations.$inferSelect;
type Executor = Pick<Database, 'select'>;

/**
 * The conversation, when `userId` takes part in it. Anyone else gets the same 404 as for an id that does not
 * exist, so a stranger learns nothing, admins included: they do not read private conversations. `lock` holds the
 * conversation's row until the transaction ends (a new message takes its next number under it).
 */
export async function conversationOf(
  db: Executor,
  conversationId: string,
  userId: string,
  { lock = false } = {},
): Promise<ConversationRow & { lastReadSeq: number }> {
  const query = db
    .select({ conversation: conversations, lastReadSeq: conversationParticipants.lastReadSeq })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, userId),
      ),
    )
    .limit(1)
    .$dynamic();
  const [row] = await (lock ? query.for('update', { of: conversations }) : query);
  if (!row) throw errors.notFound();
  return { ...row.conversation, lastReadSeq: row.lastReadSeq };
}

/** The two people of a conversation, for the events that reach both. */
export const peopleOf = (conversation: Pick<ConversationRow, 'studentId' | 'mentorId'>) => [
  conversation.studentId,
  conversation.mentorId,
];

/** Whether either of the two has blocked the other. */
export async function isBlocked(db: Executor, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
