import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { bearer, signUp, useTestApp } from '../../test/helpers';
import { conversationPair, mentor, openSocket, send, settle, startConversation } from './chat.test-helpers';

const ctx = useTestApp({ RATE_LIMIT_CHAT_MESSAGES_PER_SECOND: '1000' });
let base = '';

beforeAll(async () => {
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});

const pair = () => conversationPair(ctx.app, ctx.db);

describe('/ws authentication and origin', () => {
  it('refuses a socket without a session, or with an ended one', async () => {
    await expect(openSocket(base, {})).rejects.toMatchObject({ status: 401 });
    await expect(openSocket(base, { cookie: 'mentorme_session=nope' })).rejects.toMatchObject({
      status: 401,
    });
  });

  it('accepts the session cookie or a bearer token, and says hello with its connection id', async () => {
    const student = await signUp(ctx.app);
    for (const headers of [{ cookie: student.cookie }, bearer(student.token)]) {
      const socket = await openSocket(base, headers);
      expect((await socket.next('hello')).connectionId).toMatch(/^[0-9a-f-]{36}$/);
      socket.ws.close();
    }
  });

  it('refuses a page of another site, and accepts its own origin', async () => {
    const student = await signUp(ctx.app);
    await expect(
      openSocket(base, { cookie: student.cookie, origin: 'https://evil.example' }),
    ).rejects.toMatchObject({ status: 403 });
    const own = await openSocket(base, { cookie: student.cookie, origin: base });
    await own.next('hello');
    own.ws.close();
  });

  it('closes a socket that sends a frame over 16 KiB', async () => {
    const student = await signUp(ctx.app);
    const socket = await openSocket(base, { cookie: student.cookie });
    socket.ws.send('x'.repeat(17 * 1024));
    expect((await socket.closed).code).toBe(1009);
  });
});

describe('/ws conversations', () => {
  it('delivers a new message to every socket of both people, once committed, with its number and clientId', async () => {
    const { student, mentor: m, conversation } = await pair();
    const studentPhone = await openSocket(base, { cookie: student.cookie });
    const studentLaptop = await openSocket(base, { cookie: student.cookie });
    const mentorSocket = await openSocket(base, { cookie: m.cookie });
    const sent = await send(ctx.app, student, conversation.id, 'Hello mentor', 'client-1');
    for (const socket of [studentPhone, studentLaptop, mentorSocket]) {
      const frame = await socket.next('new_message');
      expect(frame).toEqual({ type: 'new_message', conversationId: conversation.id, message: sent });
      expect(frame.message).toMatchObject({ seq: 1, clientId: 'client-1' });
    }
    for (const socket of [studentPhone, studentLaptop, mentorSocket]) socket.ws.close();
  });

  it('refuses to join a conversation of others, ignores a userId in the frame, and delivers them nothing', async () => {
    const { student, conversation } = await pair();
    const stranger = await signUp(ctx.app);
    const socket = await openSocket(base, { cookie: stranger.cookie });
    socket.sendFrame({ type: 'join', conversationId: conversation.id, userId: student.user.id });
    const error = await socket.next('error');
    expect(error).toMatchObject({ code: 'NOT_FOUND', conversationId: conversation.id });
    socket.sendFrame({ type: 'typing', conversationId: conversation.id });
    await send(ctx.app, student, conversation.id, 'Not for strangers');
    await settle();
    expect(socket.frames.filter((f) => f.type === 'new_message' || f.type === 'typing')).toEqual([]);
    socket.ws.close();
  });

  it('relays typing to the other person’s joined sockets, and read positions to both', async () => {
    const { student, mentor: m, conversation } = await pair();
    const studentSocket = await openSocket(base, { cookie: student.cookie });
    const mentorSocket = await openSocket(base, { cookie: m.cookie });
    mentorSocket.sendFrame({ type: 'join', conversationId: conversation.id });
    await mentorSocket.next('joined');
    studentSocket.sendFrame({ type: 'join', conversationId: conversation.id });
    await studentSocket.next('joined');
    studentSocket.sendFrame({ type: 'typing', conversationId: conversation.id });
    expect(await mentorSocket.next('typing')).toEqual({
      type: 'typing',
      conversationId: conversation.id,
      userId: student.user.id,
    });
    await send(ctx.app, m, conversation.id, 'Hi!');
    await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/read`,
      headers: { cookie: student.cookie },
      payload: { seq: 1 },
    });
    for (const socket of [studentSocket, mentorSocket]) {
      expect(await socket.next('read')).toEqual({
        type: 'read',
        conversationId: conversation.id,
        userId: student.user.id,
        seq: 1,
      });
    }
    expect(studentSocket.frames.some((f) => f.type === 'typing')).toBe(false);
    studentSocket.ws.close();
    mentorSocket.ws.close();
  });

  it('sends messages from the socket too, with errors as frames that name the clientId', async () => {
    const { student, mentor: m, conversation } = await pair();
    const socket = await openSocket(base, { cookie: student.cookie, 'accept-language': 'vi' });
    const mentorSocket = await openSocket(base, { cookie: m.cookie });
    socket.sendFrame({
      type: 'send',
      conversationId: conversation.id,
      content: 'Qua socket',
      clientId: 'ws-1',
    });
    expect((await mentorSocket.next('new_message')).message).toMatchObject({
      content: 'Qua socket',
      clientId: 'ws-1',
    });
    socket.sendFrame({ type: 'send', conversationId: conversation.id, content: '   ', clientId: 'ws-2' });
    expect(await socket.next('error')).toMatchObject({
      code: 'VALIDATION',
      message: 'Hãy viết tin nhắn trước.',
    });
    socket.ws.send('not json');
    expect(await socket.next('error', (f) => f.code === 'BAD_FRAME')).toBeTruthy();
    socket.ws.close();
    mentorSocket.ws.close();
  });

  it('tells both people’s sockets when a conversation starts or closes', async () => {
    const student = await signUp(ctx.app);
    const m = await mentor(ctx.app, ctx.db);
    const mentorSocket = await openSocket(base, { cookie: m.cookie });
    const conversation = await startConversation(ctx.app, student, m.user.id);
    expect(await mentorSocket.next('conversation')).toEqual({
      type: 'conversation',
      conversationId: conversation.id,
    });
    mentorSocket.ws.close();
  });
});

describe('/ws and the end of a session', () => {
  it('closes the sockets of a session as soon as it signs out, and keeps the user’s others', async () => {
    const student = await signUp(ctx.app);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: student.email, password: student.password },
    });
    const otherToken = other.json<{ token: string }>().token;
    const leaving = await openSocket(base, { cookie: student.cookie });
    const staying = await openSocket(base, bearer(otherToken));
    await leaving.next('hello');
    await ctx.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie: student.cookie } });
    // On the notice of the ended session, which alone closes with 4001 (pings drop a socket that stops answering
    // them with another code).
    expect((await leaving.closed).code).toBe(4001);
    await settle();
    expect(staying.ws.readyState).toBe(WebSocket.OPEN);
    staying.ws.close();
  });

  it('closes every socket of a user who changes their password or deletes the account', async () => {
    const student = await signUp(ctx.app);
    const socket = await openSocket(base, { cookie: student.cookie });
    await socket.next('hello');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie: student.cookie },
      payload: { currentPassword: student.password, newPassword: 'Another-Long-Passphrase-77' },
    });
    // Changing the password keeps this session and ends the others; the same socket stays open.
    await settle();
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    await ctx.app.inject({
      method: 'DELETE',
      url: '/api/auth/me',
      headers: { cookie: student.cookie },
      payload: { password: 'Another-Long-Passphrase-77' },
    });
    expect((await socket.closed).code).toBe(4001);
  });
});
