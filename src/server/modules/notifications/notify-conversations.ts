import { sql } from 'drizzle-orm';
import type { NotificationType } from '../../../shared/schemas/notifications';
import type { Database } from '../../db/client';
import { announce } from './events';
import { wantsEmail } from './preferences';

type Executor = Pick<Database, 'execute'>;

/** A conversation still waiting for its mentor's first reply, as the chat module's sweep found it. */
export type WaitingConversation = { id: string; studentId: string; mentorId: string };

/**
 * One notification per conversation, to `to` of it with the other person as its actor, in one statement however
 * many there are; none across a block between the two (either way round). The event key makes a sweep run again
 * (or on two instances during a hand-over of leadership) tell nobody twice.
 */
async function notifyEach(
  tx: Executor,
  conversations: WaitingConversation[],
  type: NotificationType,
  to: 'mentor' | 'student',
  keyPrefix: string,
): Promise<void> {
  if (conversations.length === 0) return;
  const ids = conversations.map((conversation) => conversation.id);
  const [recipient, actor] = to === 'mentor' ? ['mentor_id', 'student_id'] : ['student_id', 'mentor_id'];
  const result = await tx.execute<{ user_id: string }>(sql`
    insert into notifications (user_id, type, event_key, actor_id, conversation_id, email_due_at)
    select c.${sql.raw(recipient)}, ${type}, ${keyPrefix} || c.id::text, c.${sql.raw(actor)}, c.id,
      case when ${wantsEmail(sql`${type}::text`)} then now() end
    from conversations c
    left join notification_preferences p on p.user_id = c.${sql.raw(recipient)}
    where c.id = any(${sql.param(ids)}::uuid[])
      and not exists (select 1 from blocks bl
        where (bl.blocker_id = c.student_id and bl.blocked_id = c.mentor_id)
          or (bl.blocker_id = c.mentor_id and bl.blocked_id = c.student_id))
    on conflict (user_id, event_key) do nothing
    returning user_id`);
  await announce(tx, { userIds: result.rows.map((row) => row.user_id) });
}

/** A student has waited two days for the first reply: the mentor is reminded, once per conversation. */
export const notifyConversationReminders = (tx: Executor, waiting: WaitingConversation[]) =>
  notifyEach(tx, waiting, 'conversation_reminder', 'mentor', 'reminder:');

/**
 * A conversation closed after a week without the mentor's reply: its student hears, and that other mentors can
 * take it up.
 */
export const notifyNoReply = (tx: Executor, closed: WaitingConversation[]) =>
  notifyEach(tx, closed, 'conversation_no_reply', 'student', 'no-reply:');
