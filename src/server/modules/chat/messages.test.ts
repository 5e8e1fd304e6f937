import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Conversation, Message, MessagesPage } from '../../../shared/schemas/chat';
import { users } from '../../db/schema';
import { signUp, useTestApp, userWithRole, type SignedUp } from '../../test/helpers';
import { conversationPair, mentor, post, send, startConversation } from './chat.test-helpers';

const ctx = useTestApp({ RATE_LIMIT_CHAT_MESSAGES_PER_SECOND: '1000' });

const pair = () => conversationPair(ctx.app, ctx.db);

const page = async (who: SignedUp, id: string, query = '') => {
  const response = await ctx.app.inject({
    url: `/api/conversations/${id}/messages${query}`,
    headers: { cookie: who.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json<MessagesPage>();
};

describe('messages', () => {
  it('numbers messages 1, 2, 3 in the conversation, whoever sends them, trimmed', async () => {
    const { student, mentor: m, conversation } = await pair();
    const sent = [
      await send(ctx.app, student, conversation.id, '  Hello!  '),
      await send(ctx.app, m, conversation.id, 'Hi, how can I help?'),
      await send(ctx.app, student, conversation.id, 'Line one\nline two'),
    ];
    expect(sent.map((message) => message.seq)).toEqual([1, 2, 3]);
    expect(sent[0]).toMatchObject({ content: 'Hello!', senderId: student.user.id, clientId: null });
    expect((await page(m, conversation.id)).messages.map((message) => message.content)).toEqual([
      'Hello!',
      'Hi, how can I help?',
      'Line one\nline two',
    ]);
  });

  it('returns the first message for a clientId sent again, with 200, never a duplicate', async () => {
    const { student, conversation } = await pair();
    const clientId = randomUUID();
    const first = await post(ctx.app, student, conversation.id, 'Only once', clientId);
    expect(first.statusCode).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post(ctx.app, student, conversation.id, 'Only once', clientId)),
    );
    for (const again of results) {
      expect(again.statusCode).toBe(200);
      expect(again.json<Message>().id).toBe(first.json<Message>().id);
    }
    const simultaneous = randomUUID();
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => post(ctx.app, student, conversation.id, 'Raced', simultaneous)),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(racing.map((r) => r.json<Message>().id)).size).toBe(1);
    expect((await page(student, conversation.id)).messages.map((m) => m.seq)).toEqual([1, 2]);
  });

  it('refuses a blank, an over-long or a control-character message with the reason', async () => {
    const { student, conversation } = await pair();
    const cases: [string, string][] = [
      ['   ', 'Write a message first.'],
      ['x'.repeat(4001), 'Messages can be at most 4,000 characters.'],
      ['bell \u0007', 'validation'],
    ];
    for (const [content, words] of cases) {
      const response = await post(ctx.app, student, conversation.id, content);
      expect(response.statusCode).toBe(400);
      if (words !== 'validation') expect(response.json<{ error: string }>().error).toBe(words);
    }
    expect((await post(ctx.app, student, conversation.id, 'x'.repeat(4000))).statusCode).toBe(201);
    const badClientId = await post(ctx.app, student, conversation.id, 'hi', 'has spaces');
    expect(badClientId.statusCode).toBe(400);
  });

  it('pages back with before, catches up with after, and keeps limit within 1 to 100', async () => {
    const { student, mentor: m, conversation } = await pair();
    for (let i = 1; i <= 7; i += 1) await send(ctx.app, i % 2 ? student : m, conversation.id, `m${i}`);
    const newest = await page(student, conversation.id, '?limit=3');
    expect(newest.messages.map((x) => x.seq)).toEqual([5, 6, 7]);
    expect(newest.hasMore).toBe(true);
    const older = await page(student, conversation.id, '?limit=3&before=5');
    expect(older.messages.map((x) => x.seq)).toEqual([2, 3, 4]);
    const oldest = await page(student, conversation.id, '?limit=3&before=2');
    expect(oldest).toMatchObject({ hasMore: false });
    expect(oldest.messages.map((x) => x.seq)).toEqual([1]);
    const after = await page(m, conversation.id, '?after=4&limit=2');
    expect(after.messages.map((x) => x.seq)).toEqual([5, 6]);
    expect(after.hasMore).toBe(true);
    expect((await page(m, conversation.id, '?after=7')).messages).toEqual([]);
    for (const query of ['?limit=0', '?limit=101', '?after=-1', '?before=x', '?before=3&after=1']) {
      const response = await ctx.app.inject({
        url: `/api/conversations/${conversation.id}/messages${query}`,
        headers: { cookie: student.cookie },
      });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('moves the last read message forward only, and never past the last message', async () => {
    const { student, mentor: m, conversation } = await pair();
    for (let i = 0; i < 3; i += 1) await send(ctx.app, m, conversation.id, `m${i}`);
    const read = (seq: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/read`,
        headers: { cookie: student.cookie },
        payload: { seq },
      });
    expect((await read(2)).json()).toEqual({ lastReadSeq: 2 });
    expect((await read(1)).json()).toEqual({ lastReadSeq: 2 });
    expect((await read(99)).json()).toEqual({ lastReadSeq: 3 });
    expect((await read(-1)).statusCode).toBe(400);
    const list = await ctx.app.inject({ url: '/api/conversations', headers: { cookie: student.cookie } });
    expect(list.json<{ conversations: Conversation[] }>().conversations[0]!.unreadCount).toBe(0);
  });
});

describe('who may see a conversation', () => {
  it('answers 404 on every conversation route to anyone who is not one of its two people, admins included', async () => {
    const { conversation, student } = await pair();
    const message = await send(ctx.app, student, conversation.id, 'Private words');
    const stranger = await signUp(ctx.app);
    const otherMentor = await mentor(ctx.app, ctx.db);
    const admin = await userWithRole(ctx.app, ctx.db, 'admin');
    const id = conversation.id;
    const routes = [
      { method: 'GET', url: `/api/conversations/${id}` },
      { method: 'GET', url: `/api/conversations/${id}/messages` },
      { method: 'GET', url: `/api/conversations/${id}/messages?after=0` },
      { method: 'POST', url: `/api/conversations/${id}/messages`, payload: { content: 'hi' } },
      { method: 'POST', url: `/api/conversations/${id}/read`, payload: { seq: 1 } },
      { method: 'POST', url: `/api/conversations/${id}/close` },
      { method: 'POST', url: `/api/conversations/${id}/block` },
      { method: 'DELETE', url: `/api/conversations/${id}/block` },
      { method: 'POST', url: `/api/conversations/${id}/report`, payload: { reason: 'spam' } },
      {
        method: 'POST',
        url: `/api/conversations/${id}/report`,
        payload: { reason: 'spam', messageId: message.id },
      },
    ] as const;
    for (const who of [stranger, otherMentor, admin]) {
      for (const route of routes) {
        const response = await ctx.app.inject({ ...route, headers: { cookie: who.cookie } });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
        expect(response.body).not.toContain('Private words');
      }
      const list = await ctx.app.inject({ url: '/api/conversations', headers: { cookie: who.cookie } });
      expect(list.json<{ conversations: Conversation[] }>().conversations).toEqual([]);
    }
    const unknown = await ctx.app.inject({
      url: `/api/conversations/${randomUUID()}`,
      headers: { cookie: student.cookie },
    });
    expect(unknown.statusCode).toBe(404);
    const visitor = await ctx.app.inject({ url: `/api/conversations/${id}/messages` });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('safety', () => {
  it('lets either person close a conversation, after which no message is taken', async () => {
    const { student, mentor: m, conversation } = await pair();
    const closed = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/close`,
      headers: { cookie: m.cookie },
    });
    expect(closed.json<Conversation>().status).toBe('closed');
    const refused = await post(ctx.app, student, conversation.id, 'Still there?');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'This conversation is closed.', code: 'CONVERSATION_CLOSED' });
  });

  it('takes no message from a mentor who is no longer a verified mentor, even in a conversation still open', async () => {
    const { student, mentor: m, conversation } = await pair();
    // As before migration 0015: the role changed and the conversation stayed open.
    await ctx.db
      .update(users)
      .set({ role: 'student', mentorVerifiedAt: null })
      .where(eq(users.id, m.user.id));
    const refused = await post(ctx.app, m, conversation.id, 'I can still help you');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'This conversation is closed.', code: 'CONVERSATION_CLOSED' });
    expect(await page(m, conversation.id)).toMatchObject({ messages: [] });
    // The student's own words are still taken until someone closes it.
    expect((await post(ctx.app, student, conversation.id, 'Hello?')).statusCode).toBe(201);
  });

  it('lets the student block the mentor: conversations close, none can start, until unblocked', async () => {
    const { student, mentor: m, conversation } = await pair();
    const asMentor = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/block`,
      headers: { cookie: m.cookie },
    });
    expect(asMentor.statusCode).toBe(403);
    const blocked = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/block`,
      headers: { cookie: student.cookie },
    });
    expect(blocked.json<Conversation>()).toMatchObject({ status: 'closed', blocked: true });
    expect((await post(ctx.app, m, conversation.id, 'Hello?')).statusCode).toBe(409);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { cookie: student.cookie },
      payload: { participantId: m.user.id, title: 'Again' },
    });
    expect(again.statusCode).toBe(403);
    const mentors = await ctx.app.inject({ url: '/api/mentors', headers: { cookie: student.cookie } });
    expect(mentors.body).not.toContain(m.user.id);
    const unblocked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/conversations/${conversation.id}/block`,
      headers: { cookie: student.cookie },
    });
    expect(unblocked.json<Conversation>().blocked).toBe(false);
    expect((await startConversation(ctx.app, student, m.user.id, 'Again')).status).toBe('active');
  });

  it('reports a conversation or a message of it once, for the admins’ queue', async () => {
    const { student, mentor: m, conversation } = await pair();
    const message = await send(ctx.app, m, conversation.id, 'Send me your passport number');
    const report = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/report`,
        headers: { cookie: student.cookie },
        payload,
      });
    expect((await report({ reason: 'personal-information', messageId: message.id })).statusCode).toBe(201);
    expect((await report({ reason: 'abuse' })).statusCode).toBe(201);
    expect((await report({ reason: 'abuse' })).json<{ code: string }>().code).toBe('ALREADY_REPORTED');
    expect((await report({ reason: 'nonsense' })).statusCode).toBe(400);
    const elsewhere = await pair();
    const foreign = await send(ctx.app, elsewhere.student, elsewhere.conversation.id, 'Other');
    expect((await report({ reason: 'spam', messageId: foreign.id })).statusCode).toBe(404);
    const exported = await ctx.app.inject({ url: '/api/me/export', headers: { cookie: student.cookie } });
    const data = exported.json<{ reports: { messageId: string | null; conversationId: string | null }[] }>();
    expect(data.reports.map((r) => r.messageId ?? r.conversationId)).toEqual([message.id, conversation.id]);
  });

  it('puts a person’s conversations and their own messages, not the other person’s, in their data export', async () => {
    const { student, mentor: m, conversation } = await pair();
    await send(ctx.app, student, conversation.id, 'My words');
    await send(ctx.app, m, conversation.id, 'Their words');
    const exported = await ctx.app.inject({ url: '/api/me/export', headers: { cookie: student.cookie } });
    expect(exported.statusCode).toBe(200);
    const data = exported.json<{ conversations: { id: string }[]; messages: { content: string }[] }>();
    expect(data.conversations.map((c) => c.id)).toEqual([conversation.id]);
    expect(data.messages.map((message) => message.content)).toEqual(['My words']);
  });
});
