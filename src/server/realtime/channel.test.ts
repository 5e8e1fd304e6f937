import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { conversationPair, send, settle } from '../modules/chat/chat.test-helpers';
import { bearer, signIn, signUp, useTestApp } from '../test/helpers';
import { FRAME_BUDGET, MAX_SOCKETS_PER_SESSION, MAX_VISITOR_SOCKETS_PER_ADDRESS } from '../lib/rate-limits';
import { chloeNoReply } from '../modules/chloe/events';
import { questionPosted, replyPosted } from '../modules/questions/events';
import { handled, openSocket, type TestSocket } from './realtime.test-helpers';

const ctx = useTestApp({
  RATE_LIMIT_CHAT_MESSAGES_PER_SECOND: '1000',
  RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
});
let base = '';

beforeAll(async () => {
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});

const closeAll = (sockets: TestSocket[]) => sockets.forEach((socket) => socket.ws.close());

describe('the channel’s limits', () => {
  it('closes a socket that sends more frames than its budget with 1008, and others go on', async () => {
    const { student, mentor, conversation } = await conversationPair(ctx.app, ctx.db);
    const flooding = await openSocket(base, { cookie: student.cookie });
    const other = await openSocket(base, { cookie: mentor.cookie });
    for (let i = 0; i < FRAME_BUDGET.burst * 4; i += 1)
      flooding.sendFrame({ type: 'join', conversationId: conversation.id });
    expect(await flooding.closed).toMatchObject({ code: 1008 });
    // Far fewer joins than were sent were looked up: the socket was closed at its budget.
    expect(flooding.frames.filter((frame) => frame.type === 'joined').length).toBeLessThanOrEqual(
      FRAME_BUDGET.burst + FRAME_BUDGET.perSecond,
    );
    const message = await send(ctx.app, student, conversation.id, 'Still here');
    expect((await other.next('new_message')).message.id).toBe(message.id);
    closeAll([other]);
  });

  it(`refuses a session more than ${MAX_SOCKETS_PER_SESSION} sockets, and takes another session’s`, async () => {
    const student = await signUp(ctx.app);
    const sockets = await Promise.all(
      Array.from({ length: MAX_SOCKETS_PER_SESSION }, () => openSocket(base, { cookie: student.cookie })),
    );
    await expect(openSocket(base, { cookie: student.cookie })).rejects.toMatchObject({ status: 429 });
    const again = await signIn(ctx.app, student.user.email, student.password);
    const otherSession = await openSocket(base, bearer(again.token));
    await otherSession.next('hello');
    sockets[0]!.ws.close();
    await sockets[0]!.closed;
    // The server counts the closed socket out as soon as it sees the close, which may come a moment after ours.
    const freed = await vi.waitFor(() => openSocket(base, { cookie: student.cookie }), { timeout: 10_000 });
    await freed.next('hello');
    closeAll([...sockets, otherSession, freed]);
  });

  it(`takes at most ${MAX_VISITOR_SOCKETS_PER_ADDRESS} visitors’ sockets from one address`, async () => {
    const sockets = await Promise.all(
      Array.from({ length: MAX_VISITOR_SOCKETS_PER_ADDRESS }, () => openSocket(base, {}, '/ws/public')),
    );
    await expect(openSocket(base, {}, '/ws/public')).rejects.toMatchObject({ status: 429 });
    closeAll(sockets);
  });
});

describe('typing and read marks', () => {
  it('are relayed only while the conversation is open: never once it is closed or blocked', async () => {
    const { student, mentor, conversation } = await conversationPair(ctx.app, ctx.db);
    const studentSocket = await openSocket(base, { cookie: student.cookie });
    const mentorSocket = await openSocket(base, { cookie: mentor.cookie });
    for (const socket of [studentSocket, mentorSocket]) {
      socket.sendFrame({ type: 'join', conversationId: conversation.id });
      await socket.next('joined');
    }
    await send(ctx.app, mentor, conversation.id, 'Hello');
    const blocked = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/block`,
      headers: { cookie: student.cookie },
    });
    expect(blocked.statusCode).toBe(200);
    await mentorSocket.next('conversation');
    mentorSocket.sendFrame({ type: 'typing', conversationId: conversation.id });
    expect(await mentorSocket.next('error')).toMatchObject({
      code: 'CONVERSATION_CLOSED',
      conversationId: conversation.id,
    });
    const read = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/read`,
      headers: { cookie: student.cookie },
      payload: { seq: 1 },
    });
    expect(read.statusCode).toBe(200);
    // The reader's own sockets hear their mark (their other tabs' counts); the blocked mentor hears nothing.
    await studentSocket.next('read');
    await settle();
    expect(studentSocket.frames.some((frame) => frame.type === 'typing')).toBe(false);
    expect(mentorSocket.frames.some((frame) => frame.type === 'read')).toBe(false);
    closeAll([studentSocket, mentorSocket]);
  });
});

describe('public topics', () => {
  it('tell visitors and members watching the feed of each new question, and no one else', async () => {
    const member = await signUp(ctx.app);
    const visitor = await openSocket(base, {}, '/ws/public');
    const reader = await openSocket(base, { cookie: member.cookie });
    const notWatching = await openSocket(base, {}, '/ws/public');
    for (const socket of [visitor, reader]) socket.sendFrame({ type: 'watch', topic: 'feed' });
    await Promise.all([visitor, reader].map(handled));
    const questionId = randomUUID();
    await questionPosted.publish(ctx.db, { q: questionId, category: 'housing' });
    for (const socket of [visitor, reader]) {
      expect(await socket.next('question_posted')).toEqual({
        type: 'question_posted',
        questionId,
        category: 'housing',
      });
    }
    visitor.sendFrame({ type: 'unwatch', topic: 'feed' });
    await handled(visitor);
    await questionPosted.publish(ctx.db, { q: randomUUID(), category: 'work' });
    await reader.next('question_posted', (frame) => frame.category === 'work');
    await settle();
    expect(visitor.frames.filter((frame) => frame.type === 'question_posted')).toHaveLength(1);
    expect(notWatching.frames.some((frame) => frame.type === 'question_posted')).toBe(false);
    closeAll([visitor, reader, notWatching]);
  });

  it('tell readers of a question page of its new replies, and that Chloe has none to give', async () => {
    const questionId = randomUUID();
    const page = await openSocket(base, {}, '/ws/public');
    const otherPage = await openSocket(base, {}, '/ws/public');
    page.sendFrame({ type: 'watch', topic: `question:${questionId}` });
    otherPage.sendFrame({ type: 'watch', topic: `question:${randomUUID()}` });
    await Promise.all([page, otherPage].map(handled));
    const replyId = randomUUID();
    await replyPosted.publish(ctx.db, { q: questionId, r: replyId });
    expect(await page.next('reply_posted')).toEqual({ type: 'reply_posted', questionId, replyId });
    // And, when Chloe has nothing on a question, that her answer is not coming.
    await chloeNoReply.publish(ctx.db, { q: questionId });
    expect(await page.next('chloe_no_reply')).toEqual({ type: 'chloe_no_reply', questionId });
    await settle();
    expect(otherPage.frames.some((frame) => ['reply_posted', 'chloe_no_reply'].includes(frame.type))).toBe(
      false,
    );
    closeAll([page, otherPage]);
  });

  it('take only watch frames from visitors, and no topic that is not public', async () => {
    const { student, conversation } = await conversationPair(ctx.app, ctx.db);
    const visitor = await openSocket(base, {}, '/ws/public');
    visitor.sendFrame({ type: 'join', conversationId: conversation.id });
    expect(await visitor.next('error')).toMatchObject({ code: 'UNAUTHORIZED' });
    visitor.sendFrame({ type: 'watch', topic: `conversation:${conversation.id}` });
    expect(await visitor.next('error', (frame) => frame.code === 'BAD_FRAME')).toBeTruthy();
    await send(ctx.app, student, conversation.id, 'Private');
    await settle();
    expect(visitor.frames.some((frame) => frame.type === 'new_message')).toBe(false);
    closeAll([visitor]);
  });
});
