import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { conversations } from '../../db/schema';
import { notifyConversationReminders, notifyNoReply } from '../notifications';
import { closeConversationsIn } from './conversations';

const HOUR_MS = 60 * 60 * 1000;
/** A student who has waited this long for a mentor's first reply: the mentor is reminded, once. */
const REMIND_AFTER_MS = 48 * HOUR_MS;
/** A conversation the mentor has not answered in this long closes, and its place goes to another student. */
const RELEASE_AFTER_MS = 7 * 24 * HOUR_MS;
/** Conversations handled in one transaction: a backlog is worked through in short ones. */
const BATCH = 200;

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

/**
 * The active conversations created at or before `before` (and matching `extra`) that the mentor has not answered,
 * oldest first, a batch of them locked; rows another transaction holds (a mentor writing their first message right
 * now) are skipped and looked at again next time. Reads the partial index `conversations_unanswered_idx`.
 */
const waiting = (before: Date, extra = sql``) => sql`${conversations.id} in (
  select c.id from conversations c
  where c.status = 'active' and c.first_reply_at is null and c.created_at <= ${at(before)} ${extra}
  order by c.created_at limit ${BATCH}
  for update skip locked)`;

/** Reminds the mentors of conversations waiting 48 hours; returns how many were reminded. */
async function remindBatch(db: Database, now: Date): Promise<number> {
  const since = new Date(now.getTime() - RELEASE_AFTER_MS);
  return db.transaction(async (tx) => {
    const due = await tx.execute<{ id: string; student_id: string; mentor_id: string }>(sql`
      update conversations set reminded_at = ${at(now)}
      where ${waiting(
        new Date(now.getTime() - REMIND_AFTER_MS),
        sql`and c.reminded_at is null and c.created_at > ${at(since)}`,
      )}
        and first_reply_at is null and status = 'active'
      returning id, student_id, mentor_id`);
    await notifyConversationReminders(
      tx,
      due.rows.map((row) => ({ id: row.id, studentId: row.student_id, mentorId: row.mentor_id })),
    );
    return due.rows.length;
  });
}

/** Closes conversations unanswered for a week, freeing the mentor's place; returns how many closed. */
async function releaseBatch(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const closed = await closeConversationsIn(
      tx,
      sql`${waiting(new Date(now.getTime() - RELEASE_AFTER_MS))} and ${conversations.firstReplyAt} is null`,
      'no-reply',
    );
    await notifyNoReply(tx, closed);
    return closed.length;
  });
}

/**
 * Conversations nobody answers: at 48 hours the mentor is reminded; at 7 days the conversation closes for no reply
 * and the student is offered other mentors. Times are the module clock's, never the database's `now()`, so tests can
 * move time. Runs as a leader task (once across instances); the locks and the conditions rechecked on update keep
 * it right even if two runs overlap during a hand-over.
 */
export async function sweepUnanswered(db: Database, now: Date): Promise<void> {
  // Release first: a conversation a week old (the sweep was down for days) closes and is not reminded on the way.
  let handled = BATCH;
  while (handled === BATCH) handled = await releaseBatch(db, now);
  handled = BATCH;
  while (handled === BATCH) handled = await remindBatch(db, now);
}
