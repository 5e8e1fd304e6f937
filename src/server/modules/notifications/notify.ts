import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { excerpt } from '../../../shared/text';
import type { NotificationType } from '../../../shared/schemas/notifications';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { announce } from './events';
import { wantsEmail } from './preferences';

// Notification rows are written in the transaction of their event, so they exist exactly when it does. Each is
// `insert … on conflict (user_id, event_key) do nothing`: an event told twice (a job run again) tells nobody twice.

type Executor = Pick<Database, 'execute' | 'insert' | 'update'>;

/** A chat's email, and Chloe's answer's, waits this long: one read meanwhile needs none. */
const CHAT_EMAIL_DELAY = sql`now() + interval '10 minutes'`;
/** How much of a removed reply its author's notification recalls. */
const REMOVED_EXCERPT_CHARS = 120;

/** `a` and `b` (uuid expressions) have not blocked each other, either way round. */
export const unblocked = (a: SQL, b: SQL) =>
  sql`not exists (select 1 from blocks bl
    where (bl.blocker_id = ${a} and bl.blocked_id = ${b}) or (bl.blocker_id = ${b} and bl.blocked_id = ${a}))`;

/** One person's notification, never to the person who acted. */
async function notifyOne(
  tx: Executor,
  row: Omit<typeof notifications.$inferInsert, 'emailDueAt'> & { emailDueAt: SQL | null },
): Promise<void> {
  if (row.userId === row.actorId) return;
  const inserted = await tx
    .insert(notifications)
    .values(row)
    .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] })
    .returning({ userId: notifications.userId });
  await announce(tx, { userIds: inserted.map((r) => r.userId) });
}

/**
 * A reply (`replierId` null: Chloe's) tells everyone who follows its question, the asker among them when they still
 * follow it (asking follows), in one statement however many they are. Never the replier, never anyone who blocked
 * the replier or whom the replier blocked. The asker of an anonymous question replying is nobody by name, and blocks
 * play no part in who hears of it: a follower left out would learn that the asker is someone they had a block with.
 */
export async function notifyReplied(
  tx: Executor,
  reply: { questionId: string; replyId: string; replierId: string | null },
  emailDelaySeconds = 0,
): Promise<void> {
  const eventKey = `reply:${reply.replyId}`;
  const replier = sql`${reply.replierId}::uuid`;
  // An email is due only for those who want one: of thousands following a question, most get the bell alone, and
  // the email sender never has to look at them. Chloe's answer comes seconds after the question, often while its
  // asker is still on the page: as a chat's, its email waits ten minutes, and goes only if it is still unread. A
  // person's reply waits `emailDelaySeconds`: whoever has the question open reads it there and is not emailed.
  const due =
    reply.replierId === null ? CHAT_EMAIL_DELAY : sql`now() + make_interval(secs => ${emailDelaySeconds})`;
  const result = await tx.execute<{ user_id: string }>(sql`
    insert into notifications (user_id, type, event_key, actor_id, question_id, reply_id, email_due_at)
    select f.user_id, k.type, ${eventKey},
      case when q.is_anonymous and q.author_id = ${replier} then null else ${replier} end,
      q.id, ${reply.replyId}::uuid,
      case when ${wantsEmail(sql`k.type`)} then ${due} end
    from question_follows f
    join questions q on q.id = f.question_id
    cross join lateral (select case when f.user_id = q.author_id then 'reply_to_my_question'
      else 'reply_to_followed' end as type) k
    left join notification_preferences p on p.user_id = f.user_id
    where f.question_id = ${reply.questionId}::uuid
      and f.user_id is distinct from ${replier}
      and ((q.is_anonymous and q.author_id = ${replier}) or ${unblocked(sql`f.user_id`, replier)})
    on conflict (user_id, event_key) do nothing
    returning user_id`);
  await announce(tx, { userIds: result.rows.map((row) => row.user_id), eventKey });
}

/** A student started a conversation: its mentor hears of it. */
export async function notifyNewConversation(
  tx: Executor,
  conversation: { id: string; studentId: string; mentorId: string },
): Promise<void> {
  await notifyOne(tx, {
    userId: conversation.mentorId,
    type: 'new_conversation',
    eventKey: `conversation:${conversation.id}`,
    actorId: conversation.studentId,
    conversationId: conversation.id,
    emailDueAt: sql`now()`,
  });
}

/**
 * A message tells the other person of the conversation, folded: while their notification of it is unread, a further
 * message adds to its count and brings it to the top; once read, the next message starts a new one. Its email stays
 * due ten minutes after the first unread message, so a busy chat still sends one email. The sender's lock on the
 * conversation orders its messages, so two never start two notifications.
 */
export async function notifyMessage(
  tx: Executor,
  message: { conversationId: string; senderId: string; recipientId: string; seq: number },
): Promise<void> {
  const unread = and(
    eq(notifications.userId, message.recipientId),
    eq(notifications.conversationId, message.conversationId),
    eq(notifications.type, 'chat_message'),
    isNull(notifications.readAt),
  );
  const bumped = await tx
    .update(notifications)
    .set({ count: sql`${notifications.count} + 1`, createdAt: sql`now()` })
    .where(unread)
    .returning({ id: notifications.id });
  if (bumped.length > 0) {
    await announce(tx, { userIds: [message.recipientId] });
    return;
  }
  await notifyOne(tx, {
    userId: message.recipientId,
    type: 'chat_message',
    eventKey: `message:${message.conversationId}:${message.seq}`,
    actorId: message.senderId,
    conversationId: message.conversationId,
    emailDueAt: CHAT_EMAIL_DELAY,
  });
}

/**
 * A mentor was made a student again: each student of their conversations closed for it hears why, in their own
 * language, and that they can choose another mentor.
 */
export async function notifyMentorLeft(
  tx: Executor,
  closed: { id: string; studentId: string; mentorId: string }[],
): Promise<void> {
  for (const conversation of closed)
    await notifyOne(tx, {
      userId: conversation.studentId,
      type: 'conversation_closed',
      eventKey: `conversation_closed:${conversation.id}`,
      actorId: conversation.mentorId,
      conversationId: conversation.id,
      emailDueAt: sql`now()`,
    });
}

/** An admin verified or declined a mentor's application; the decline says why. Nobody is named as deciding it. */
export async function notifyMentorDecision(
  tx: Executor,
  mentorId: string,
  decision: { verified: true } | { verified: false; reason: string },
): Promise<void> {
  const type: NotificationType = decision.verified ? 'mentor_verified' : 'mentor_declined';
  await notifyOne(tx, {
    userId: mentorId,
    type,
    // A person may apply again after a decline: each decision is its own event.
    eventKey: `${type}:${Date.now()}`,
    detail: decision.verified ? null : decision.reason,
    emailDueAt: sql`now()`,
  });
}

/**
 * A moderator removed a question or reply: its author hears of it, with what it said (the row is gone), and not
 * which moderator. A moderator removing their own post, or Chloe's, tells nobody.
 */
export async function notifyRemoved(
  tx: Executor,
  removed: {
    kind: 'question' | 'reply';
    id: string;
    authorId: string | null;
    /** The question's title, or the reply's words. */
    text: string;
    moderatorId: string;
  },
): Promise<void> {
  if (!removed.authorId || removed.authorId === removed.moderatorId) return;
  await notifyOne(tx, {
    userId: removed.authorId,
    type: 'content_removed',
    eventKey: `${removed.kind}-removed:${removed.id}`,
    detail: removed.kind === 'question' ? removed.text : excerpt(removed.text, REMOVED_EXCERPT_CHARS),
    emailDueAt: sql`now()`,
  });
}

/** Which kind of post a `content_removed` notification is about (its event key says). */
export const removedKind = (eventKey: string): 'question' | 'reply' =>
  eventKey.startsWith('question-removed:') ? 'question' : 'reply';

/**
 * A new report tells the admins (not the one who filed it) that the queue needs them: at most one notification an
 * hour each, and none while they have one unread. Its key is the hour's number since 1970. No email is due for it
 * (`emailDueAt` null): admins work from the dashboard's queue.
 */
export async function notifyAdminsOfReport(tx: Executor, reporterId: string): Promise<void> {
  const result = await tx.execute<{ user_id: string; event_key: string }>(sql`
    insert into notifications (user_id, type, event_key)
    select u.id, 'new_reports', 'reports:' || floor(extract(epoch from now()) / 3600)::bigint
    from users u
    where u.role = 'admin' and u.id <> ${reporterId}::uuid
      and not exists (select 1 from notifications n
        where n.user_id = u.id and n.type = 'new_reports' and n.read_at is null)
    on conflict (user_id, event_key) do nothing
    returning user_id, event_key`);
  const [first] = result.rows;
  if (first)
    await announce(tx, { userIds: result.rows.map((row) => row.user_id), eventKey: first.event_key });
}

/**
 * Before a question, a reply or a person's posts are deleted (their notifications go with them: the foreign keys
 * cascade), the bells of those with an unread one are told to count again; they hear it once the deletion commits.
 */
export async function announceGone(
  tx: Executor,
  gone: { questionId: string } | { replyId: string } | { authorId: string },
): Promise<void> {
  const about =
    'questionId' in gone
      ? sql`n.question_id = ${gone.questionId}::uuid`
      : 'replyId' in gone
        ? sql`n.reply_id = ${gone.replyId}::uuid`
        : sql`(n.question_id in (select id from questions where author_id = ${gone.authorId}::uuid)
            or n.reply_id in (select id from replies where author_id = ${gone.authorId}::uuid))`;
  const result = await tx.execute<{ user_id: string }>(sql`
    select distinct n.user_id from notifications n where ${about} and n.read_at is null`);
  await announce(tx, { userIds: result.rows.map((row) => row.user_id) });
}

/**
 * A block closed these conversations: what they still had waiting to be emailed or pushed is dropped, so nothing
 * from the blocked person reaches the other's inbox or lock screen afterwards.
 */
export async function silenceConversations(tx: Executor, conversationIds: string[]): Promise<void> {
  if (conversationIds.length === 0) return;
  await tx.execute(sql`
    update notifications set
      email_due_at = case when emailed_at is null then null else email_due_at end,
      emailed_at = coalesce(emailed_at, now()),
      pushed_at = coalesce(pushed_at, now())
    where conversation_id = any(${sql.param(conversationIds)}::uuid[])
      and (emailed_at is null or pushed_at is null)`);
}
