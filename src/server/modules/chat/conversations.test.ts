import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../shared/schemas/chat';
import { signUp, useTestApp, userWithRole } from '../../test/helpers';
import { mentor, send, startConversation } from './chat.test-helpers';

const ctx = useTestApp();

describe('GET /api/mentors', () => {
  it('says whether a mentor is verified in the user object', async () => {
    const waiting = await mentor(ctx.app, ctx.db, false);
    const verified = await mentor(ctx.app, ctx.db);
    const me = (cookie: string) => ctx.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect((await me(waiting.cookie)).json<{ user: { mentorVerified: boolean } }>().user.mentorVerified).toBe(
      false,
    );
    expect(
      (await me(verified.cookie)).json<{ user: { mentorVerified: boolean } }>().user.mentorVerified,
    ).toBe(true);
  });
});

describe('POST /api/conversations', () => {
  it('starts a conversation with a verified mentor, which both see in their lists', async () => {
    const student = await signUp(ctx.app, { displayName: 'Lan Student' });
    const someMentor = await mentor(ctx.app, ctx.db);
    const created = await startConversation(ctx.app, student, someMentor.user.id, '  Résumé help  ');
    expect(created).toMatchObject({
      title: 'Résumé help',
      status: 'active',
      participant: { id: someMentor.user.id, displayName: 'Minh Mentor', role: 'mentor' },
      lastMessage: null,
      unreadCount: 0,
      blocked: false,
    });
    const mentorList = await ctx.app.inject({
      url: '/api/conversations',
      headers: { cookie: someMentor.cookie },
    });
    const seen = mentorList.json<{ conversations: Conversation[] }>().conversations;
    expect(seen.map((c) => c.id)).toEqual([created.id]);
    expect(seen[0]!.participant).toEqual({
      id: student.user.id,
      displayName: 'Lan Student',
      role: 'student',
    });
    expect(mentorList.body).not.toContain(student.email);
  });

  it('asks for a mentor and a title in the spec’s words, in the caller’s language', async () => {
    const student = await signUp(ctx.app);
    const someMentor = await mentor(ctx.app, ctx.db);
    for (const payload of [{ participantId: someMentor.user.id, title: '   ' }, { title: 'Hello' }]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: { cookie: student.cookie },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Please select a mentor and enter a chat title',
        code: 'VALIDATION',
      });
    }
    const vietnamese = await ctx.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { cookie: student.cookie, 'accept-language': 'vi' },
      payload: { title: 'Xin chào' },
    });
    expect(vietnamese.json<{ error: string }>().error).toBe(
      'Vui lòng chọn một người hướng dẫn và nhập tiêu đề cuộc trò chuyện',
    );
    const long = await ctx.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { cookie: student.cookie },
      payload: { participantId: someMentor.user.id, title: 'x'.repeat(121) },
    });
    expect(long.statusCode).toBe(400);
  });

  it('refuses an unverified mentor, a student, an admin or nobody as the other person', async () => {
    const student = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const admin = await userWithRole(ctx.app, ctx.db, 'admin');
    const waiting = await mentor(ctx.app, ctx.db, false);
    for (const participantId of [
      waiting.user.id,
      other.user.id,
      admin.user.id,
      randomUUID(),
      student.user.id,
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: { cookie: student.cookie },
        payload: { participantId, title: 'Hello' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('MENTOR_NOT_VERIFIED');
    }
  });

  it('lets only students start one', async () => {
    const someMentor = await mentor(ctx.app, ctx.db);
    const otherMentor = await mentor(ctx.app, ctx.db);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { cookie: someMentor.cookie },
      payload: { participantId: otherMentor.user.id, title: 'Hello' },
    });
    expect(response.statusCode).toBe(403);
    const visitor = await ctx.app.inject({
      method: 'POST',
      url: '/api/conversations',
      payload: { participantId: otherMentor.user.id, title: 'Hello' },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('allows a second conversation with the same mentor, up to 20 open and 10 started a day', async () => {
    const student = await signUp(ctx.app);
    // Three mentors with room for ten each: only the student's own limits are met here.
    const mentors = [
      await mentor(ctx.app, ctx.db),
      await mentor(ctx.app, ctx.db),
      await mentor(ctx.app, ctx.db),
    ];
    const ids = mentors.map((m) => m.user.id);
    await ctx.db.execute(sql`update users set capacity = 10 where id in (${sql.join(ids, sql`, `)})`);
    const started = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/conversations',
          headers: { cookie: student.cookie },
          payload: { participantId: ids[i % 3]!, title: `Question ${i}` },
        }),
      ),
    );
    const codes = started.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(2);
    const refused = started.find((r) => r.statusCode === 429)!;
    expect(refused.json<{ error: string }>().error).toContain('Please try again tomorrow');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(80_000);

    // Yesterday's conversations count towards open ones, not towards today's.
    await ctx.db.execute(
      sql`update conversations set created_at = now() - interval '2 days' where student_id = ${student.user.id}`,
    );
    for (let i = 0; i < 10; i += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: { cookie: student.cookie },
        payload: { participantId: ids[i % 3]!, title: `Later ${i}` },
      });
      expect(response.statusCode).toBe(201);
    }
    const over = await ctx.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { cookie: student.cookie },
      payload: { participantId: ids[2]!, title: 'One too many' },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json<{ code: string }>().code).toBe('TOO_MANY_OPEN_CONVERSATIONS');
  });
});

describe('GET /api/conversations', () => {
  it('lists newest activity first with the last message and the unread count', async () => {
    const student = await signUp(ctx.app);
    const someMentor = await mentor(ctx.app, ctx.db);
    const first = await startConversation(ctx.app, student, someMentor.user.id, 'First');
    const second = await startConversation(ctx.app, student, someMentor.user.id, 'Second');
    await send(ctx.app, someMentor, first.id, 'Hi there');
    await send(ctx.app, someMentor, first.id, 'x'.repeat(300));
    const list = await ctx.app.inject({ url: '/api/conversations', headers: { cookie: student.cookie } });
    const conversations = list.json<{ conversations: Conversation[] }>().conversations;
    expect(conversations.map((c) => c.id)).toEqual([first.id, second.id]);
    expect(conversations[0]).toMatchObject({ unreadCount: 2, lastSeq: 2, lastReadSeq: 0 });
    expect(conversations[0]!.lastMessage!.content).toHaveLength(161);
    expect(conversations[0]!.lastMessage!.senderId).toBe(someMentor.user.id);
    const mentorView = await ctx.app.inject({
      url: `/api/conversations/${first.id}`,
      headers: { cookie: someMentor.cookie },
    });
    expect(mentorView.json<Conversation>().unreadCount).toBe(0);
  });

  it('tells how far the other person has read while the conversation is open, and nothing once it is closed', async () => {
    const student = await signUp(ctx.app);
    const someMentor = await mentor(ctx.app, ctx.db);
    const { id } = await startConversation(ctx.app, student, someMentor.user.id);
    const studentView = async () =>
      (
        await ctx.app.inject({ url: `/api/conversations/${id}`, headers: { cookie: student.cookie } })
      ).json<Conversation>();
    await send(ctx.app, student, id, 'Hello');
    await send(ctx.app, student, id, 'Are you there?');
    expect(await studentView()).toMatchObject({ lastReadSeq: 2, participantLastReadSeq: 0 });
    const read = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/read`,
      headers: { cookie: someMentor.cookie },
      payload: { seq: 2 },
    });
    expect(read.statusCode).toBe(200);
    expect((await studentView()).participantLastReadSeq).toBe(2);
    // Replying reads everything before the reply.
    await send(ctx.app, someMentor, id, 'Yes, hello!');
    expect((await studentView()).participantLastReadSeq).toBe(3);
    const closed = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/close`,
      headers: { cookie: student.cookie },
    });
    expect(closed.statusCode).toBe(200);
    expect((await studentView()).participantLastReadSeq).toBeNull();
  });

  it('needs an account', async () => {
    expect((await ctx.app.inject({ url: '/api/conversations' })).statusCode).toBe(401);
  });
});
