import { and, count, eq, gt, sql, type SQL } from 'drizzle-orm';
import { CHAT_LIMITS, type ClosedReason, type Conversation } from '../../../shared/schemas/chat';
import type { Role } from '../../../shared/constants';
import type { MentorAvailability } from '../../../shared/schemas/mentors';
import type { Database } from '../../db/client';
import {
  blocks,
  conversationFeedback,
  conversationParticipants,
  conversations,
  users,
} from '../../db/schema';
import { errors } from '../../errors';
import type { SessionUser } from '../../plugins/auth';
import { notifyMentorLeft, notifyNewConversation, silenceConversations } from '../notifications';
import { AVAILABILITY } from '../mentors';
import { conversationOf, isBlocked, peopleOf } from './access';
import { publishChatEvent } from './events';

type Executor = Pick<Database, 'update' | 'execute' | 'insert'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A list item's excerpt of the last message. */
const EXCERPT_CHARS = 160;

type ConversationListRow = {
  id: string;
  title: string;
  status: 'active' | 'closed';
  closed_reason: ClosedReason | null;
  created_at: Date;
  updated_at: Date;
  last_seq: number;
  last_read_seq: number;
  other_read_seq: number | null;
  other_id: string;
  other_name: string;
  other_role: Role;
  message_content: string | null;
  message_sender: string | null;
  message_created_at: Date | null;
  blocked: boolean;
  feedback_given: boolean;
};

function toConversation(row: ConversationListRow): Conversation {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    closedReason: row.closed_reason,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    participant: { id: row.other_id, displayName: row.other_name, role: row.other_role },
    lastMessage:
      row.message_content === null
        ? null
        : {
            content:
              row.message_content.length > EXCERPT_CHARS
                ? `${row.message_content.slice(0, EXCERPT_CHARS).trimEnd()}…`
                : row.message_content,
            senderId: row.message_sender!,
            createdAt: new Date(row.message_created_at!).toISOString(),
            seq: row.last_seq,
          },
    lastSeq: row.last_seq,
    lastReadSeq: row.last_read_seq,
    participantLastReadSeq: row.other_read_seq,
    unreadCount: Math.max(0, row.last_seq - row.last_read_seq),
    blocked: row.blocked,
    feedbackGiven: row.feedback_given,
  };
}

/**
 * The caller's conversations (or one of them), newest activity first, as the list shows them. How far the other
 * person has read is told only while the conversation is open, as the socket's read frames are (decision 040).
 */
async function readConversations(db: Database, userId: string, onlyId?: string): Promise<Conversation[]> {
  const result = await db.execute<ConversationListRow>(sql`
    select c.id, c.title, c.status, c.closed_reason, c.created_at, c.updated_at, c.last_seq, p.last_read_seq,
      case when c.status = 'active' then op.last_read_seq end as other_read_seq,
      o.id as other_id, o.display_name as other_name, o.role as other_role,
      m.content as message_content, m.sender_id as message_sender, m.created_at as message_created_at,
      exists (select 1 from blocks b where b.blocker_id = c.student_id and b.blocked_id = c.mentor_id) as blocked,
      c.student_id = p.user_id
        and exists (select 1 from conversation_feedback f where f.conversation_id = c.id) as feedback_given
    from conversation_participants p
    join conversations c on c.id = p.conversation_id
    join users o on o.id = case when c.student_id = p.user_id then c.mentor_id else c.student_id end
    left join conversation_participants op on op.conversation_id = c.id and op.user_id = o.id
    left join messages m on m.conversation_id = c.id and m.seq = c.last_seq
    where p.user_id = ${userId} ${onlyId ? sql`and c.id = ${onlyId}` : sql``}
    order by c.updated_at desc, c.id
    limit 500`);
  return result.rows.map(toConversation);
}

export const listConversations = (db: Database, userId: string) => readConversations(db, userId);

export async function getConversation(db: Database, id: string, userId: string): Promise<Conversation> {
  const [conversation] = await readConversations(db, userId, id);
  if (!conversation) throw errors.notFound();
  return conversation;
}

/**
 * A student starts a conversation with a verified mentor who is not away and has a free place (open conversations
 * below their capacity). The student's limits (open conversations, starts a day) are counted under a per-student
 * lock and the mentor's places under a per-mentor lock, so simultaneous requests cannot pass them.
 */
export async function createConversation(
  db: Database,
  student: SessionUser,
  input: { participantId: string; title: string },
): Promise<Conversation> {
  if (student.role !== 'student') throw errors.studentsOnly();
  const [mentor] = await db
    .select({
      id: users.id,
      role: users.role,
      verifiedAt: users.mentorVerifiedAt,
      displayName: users.displayName,
    })
    .from(users)
    .where(eq(users.id, input.participantId))
    .limit(1);
  if (!mentor || mentor.role !== 'mentor' || mentor.verifiedAt === null) throw errors.mentorNotVerified();
  if (await isBlocked(db, student.id, mentor.id)) throw errors.conversationBlocked();

  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-start:${student.id}`}))`);
    // Then the mentor's: two students starting at once cannot both take a mentor's last free place. Always in this
    // order (a mentor never starts a conversation), so two starts never wait on each other in a circle.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-mentor:${mentor.id}`}))`);
    const standing = await tx.execute<{ availability: MentorAvailability; away_until: string | null }>(
      sql`select ${AVAILABILITY} as availability, to_char(u.away_until, 'YYYY-MM-DD') as away_until
        from users u where u.id = ${mentor.id}`,
    );
    const { availability, away_until: awayUntil } = standing.rows[0]!;
    if (availability === 'away') throw errors.mentorAway(mentor.displayName, awayUntil!);
    if (availability === 'full') throw errors.mentorFull(mentor.displayName);
    const [open] = await tx
      .select({ n: count() })
      .from(conversations)
      .where(and(eq(conversations.studentId, student.id), eq(conversations.status, 'active')));
    if ((open?.n ?? 0) >= CHAT_LIMITS.openConversationsMax) throw errors.tooManyOpenConversations();
    const [today] = await tx
      .select({ n: count(), oldest: sql<string | null>`min(${conversations.createdAt})` })
      .from(conversations)
      .where(
        and(
          eq(conversations.studentId, student.id),
          gt(conversations.createdAt, new Date(Date.now() - DAY_MS)),
        ),
      );
    if ((today?.n ?? 0) >= CHAT_LIMITS.conversationsPerDay) {
      const freeAt = new Date(today!.oldest!).getTime() + DAY_MS;
      throw errors.tooManyRequests('chat.tooManyToday', Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)));
    }
    const [created] = await tx
      .insert(conversations)
      .values({ title: input.title, studentId: student.id, mentorId: mentor.id })
      .returning({ id: conversations.id });
    await tx.insert(conversationParticipants).values([
      { conversationId: created!.id, userId: student.id },
      { conversationId: created!.id, userId: mentor.id },
    ]);
    await notifyNewConversation(tx, { id: created!.id, studentId: student.id, mentorId: mentor.id });
    await publishChatEvent(tx, { t: 'conversation', c: created!.id, u: [student.id, mentor.id] });
    return created!.id;
  });
  return getConversation(db, id, student.id);
}

/** Closes the open conversations `where` says, in the caller's transaction, and tells both people of each. */
export async function closeConversationsIn(
  tx: Executor,
  where: SQL,
  closedReason: (typeof conversations.$inferSelect)['closedReason'] = null,
) {
  const closed = await tx
    .update(conversations)
    .set({ status: 'closed', closedReason, updatedAt: new Date() })
    .where(and(where, eq(conversations.status, 'active')))
    .returning();
  for (const row of closed) await publishChatEvent(tx, { t: 'conversation', c: row.id, u: peopleOf(row) });
  return closed;
}

/**
 * Closes a conversation (no more messages in it) in the caller's transaction, and tells both its people when that
 * commits. Used by its participants and by an admin acting on a report.
 */
export async function closeConversationIn(tx: Executor, id: string): Promise<void> {
  await closeConversationsIn(tx, eq(conversations.id, id));
}

/**
 * A mentor was made a student again (say for misconduct): their conversations as a mentor close, in the caller's
 * transaction, both people of each see it, and each student is told why.
 */
export async function closeMentorConversationsIn(tx: Executor, mentorId: string): Promise<void> {
  const closed = await closeConversationsIn(tx, eq(conversations.mentorId, mentorId), 'mentor-left');
  await notifyMentorLeft(tx, closed);
}

/**
 * The student says whether a closed conversation helped, once, with an optional note: kept private, for the admins
 * (the mentor's row of the Users tab).
 */
export async function giveFeedback(
  db: Database,
  id: string,
  user: SessionUser,
  input: { helpful: boolean; note?: string },
): Promise<Conversation> {
  const conversation = await conversationOf(db, id, user.id);
  if (conversation.studentId !== user.id) throw errors.studentsOnly();
  if (conversation.status !== 'closed') throw errors.conversationOpen();
  const inserted = await db
    .insert(conversationFeedback)
    .values({ conversationId: id, helpful: input.helpful, note: input.note ?? null })
    .onConflictDoNothing()
    .returning({ id: conversationFeedback.conversationId });
  if (inserted.length === 0) throw errors.feedbackGiven();
  return getConversation(db, id, user.id);
}

/** Either participant closes the conversation. */
export async function closeConversation(db: Database, id: string, user: SessionUser): Promise<Conversation> {
  await conversationOf(db, id, user.id);
  await db.transaction((tx) => closeConversationIn(tx, id));
  return getConversation(db, id, user.id);
}

/**
 * The student of a conversation blocks (or unblocks) its mentor. Blocking closes every open conversation between
 * the two, and neither can start a new one until the student unblocks.
 */
export async function setBlock(
  db: Database,
  id: string,
  user: SessionUser,
  blocked: boolean,
): Promise<Conversation> {
  const conversation = await conversationOf(db, id, user.id);
  if (conversation.studentId !== user.id) throw errors.forbidden();
  const mentorId = conversation.mentorId;
  await db.transaction(async (tx) => {
    if (!blocked) {
      await tx.delete(blocks).where(and(eq(blocks.blockerId, user.id), eq(blocks.blockedId, mentorId)));
    } else {
      await tx.insert(blocks).values({ blockerId: user.id, blockedId: mentorId }).onConflictDoNothing();
      await tx
        .update(conversations)
        .set({ status: 'closed', updatedAt: new Date() })
        .where(
          and(
            eq(conversations.studentId, user.id),
            eq(conversations.mentorId, mentorId),
            eq(conversations.status, 'active'),
          ),
        );
    }
    // One event for each conversation of the pair: both lists show the new state.
    const pairs = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.studentId, user.id), eq(conversations.mentorId, mentorId)));
    for (const pair of pairs)
      await publishChatEvent(tx, { t: 'conversation', c: pair.id, u: [user.id, mentorId] });
    if (blocked)
      await silenceConversations(
        tx,
        pairs.map((pair) => pair.id),
      );
  });
  return getConversation(db, id, user.id);
}
