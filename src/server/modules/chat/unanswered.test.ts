import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Conversation } from '../../../shared/schemas/chat';
import { blocks, conversations, notifications, users } from '../../db/schema';
import { signUp, useTestApp } from '../../test/helpers';
import { testClock } from '../../test/mail';
import { mentor, post, send, startConversation } from './chat.test-helpers';
import chatModule from './index';

const clock = testClock();
const ctx = useTestApp({}, false, { clock: clock.now });
const HOUR = 60 * 60 * 1000;

beforeEach(() => clock.reset());

/** One run of the chat module's leader task, at the app's clock. */
async function sweep(): Promise<void> {
  for (const task of chatModule.leaderTasks!(ctx.app.moduleContext)) await task.run();
}

const notified = (userId: string, type: 'conversation_reminder' | 'conversation_no_reply') =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

async function pair() {
  const student = await signUp(ctx.app);
  const someMentor = await mentor(ctx.app, ctx.db);
  const conversation = await startConversation(ctx.app, student, someMentor.user.id);
  return { student, mentor: someMentor, conversation };
}

const stored = async (id: string) =>
  (await ctx.db.select().from(conversations).where(eq(conversations.id, id)))[0]!;

describe('the 48-hour reminder', () => {
  it('reminds the mentor once, at 48 hours and not before, naming the student', async () => {
    const { student, mentor: someMentor, conversation } = await pair();
    clock.advance(47 * HOUR);
    await sweep();
    expect(await notified(someMentor.user.id, 'conversation_reminder')).toHaveLength(0);

    clock.advance(HOUR + 60_000);
    await sweep();
    await sweep();
    const reminders = await notified(someMentor.user.id, 'conversation_reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({
      actorId: student.user.id,
      conversationId: conversation.id,
      eventKey: `reminder:${conversation.id}`,
    });
    expect((await stored(conversation.id)).remindedAt).not.toBeNull();

    clock.advance(24 * HOUR);
    await sweep();
    expect(await notified(someMentor.user.id, 'conversation_reminder')).toHaveLength(1);
  });

  it('does not remind a mentor who replied, nor across a block', async () => {
    const replied = await pair();
    await send(ctx.app, replied.mentor, replied.conversation.id, 'Hello! Happy to help.');
    const blocked = await pair();
    await ctx.db
      .insert(blocks)
      .values({ blockerId: blocked.mentor.user.id, blockedId: blocked.student.user.id });
    clock.advance(49 * HOUR);
    await sweep();
    expect(await notified(replied.mentor.user.id, 'conversation_reminder')).toHaveLength(0);
    expect(await notified(blocked.mentor.user.id, 'conversation_reminder')).toHaveLength(0);
    expect((await stored(replied.conversation.id)).status).toBe('active');
  });
});

describe('the 7-day release', () => {
  it('closes the conversation for no reply, tells the student, and frees the mentor’s place', async () => {
    const { student, mentor: someMentor, conversation } = await pair();
    await ctx.db.update(users).set({ capacity: 1 }).where(eq(users.id, someMentor.user.id));
    const other = await signUp(ctx.app);
    const full = await ctx.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { cookie: other.cookie },
      payload: { participantId: someMentor.user.id, title: 'Renting a room' },
    });
    expect(full.statusCode).toBe(409);

    clock.advance(7 * 24 * HOUR - HOUR);
    await sweep();
    expect((await stored(conversation.id)).status).toBe('active');

    clock.advance(2 * HOUR);
    await sweep();
    await sweep();
    const list = await ctx.app.inject({ url: '/api/conversations', headers: { cookie: student.cookie } });
    const seen = list.json<{ conversations: Conversation[] }>().conversations[0]!;
    expect(seen).toMatchObject({ id: conversation.id, status: 'closed', closedReason: 'no-reply' });
    const told = await notified(student.user.id, 'conversation_no_reply');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ actorId: someMentor.user.id, conversationId: conversation.id });

    // The mentor cannot write in it any more, and another student takes the freed place.
    expect((await post(ctx.app, someMentor, conversation.id, 'Sorry, I was away')).statusCode).toBe(409);
    const started = await startConversation(ctx.app, other, someMentor.user.id, 'Renting a room');
    expect(started.status).toBe('active');
  });

  it('leaves answered conversations open, and a participant’s own close has no reason', async () => {
    const answered = await pair();
    await send(ctx.app, answered.mentor, answered.conversation.id, 'Hi there');
    const closedByStudent = await pair();
    await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${closedByStudent.conversation.id}/close`,
      headers: { cookie: closedByStudent.student.cookie },
    });
    clock.advance(8 * 24 * HOUR);
    await sweep();
    expect(await stored(answered.conversation.id)).toMatchObject({ status: 'active', closedReason: null });
    expect(await stored(closedByStudent.conversation.id)).toMatchObject({
      status: 'closed',
      closedReason: null,
    });
    expect(await notified(closedByStudent.student.user.id, 'conversation_no_reply')).toHaveLength(0);
  });
});
