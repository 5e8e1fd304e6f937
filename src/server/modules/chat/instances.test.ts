import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION, type Role } from '../../../shared/constants';
import type { User } from '../../../shared/schemas/auth';
import type { Message, MessagesPage } from '../../../shared/schemas/chat';
import { buildTestApp, createTestDatabase, type SignedUp, type TestDatabase } from '../../test/helpers';
import { LISTENER_NAME } from '../../realtime/bus';
import { createUsers } from '../questions/questions.test-helpers';
import { conversationPair, openSocket, send, startConversation, type TestSocket } from './chat.test-helpers';

// Two app instances on one database, as behind a load balancer.
let database: TestDatabase;
let one: FastifyInstance;
let two: FastifyInstance;
let baseOne = '';
let baseTwo = '';

beforeAll(async () => {
  database = await createTestDatabase();
  const overrides = { RATE_LIMIT_CHAT_MESSAGES_PER_SECOND: '1000' };
  one = await buildTestApp(database, overrides);
  two = await buildTestApp(database, overrides);
  baseOne = await one.listen({ port: 0, host: '127.0.0.1' });
  baseTwo = await two.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await one?.close();
  await two?.close();
  await database?.drop();
});

const pair = () => conversationPair(one, database.db);

/**
 * A member inserted straight into the database with a session (a mentor verified), as signing up leaves one but
 * without an argon2 hash each: the property below makes two for every run. It is signed in by its session only.
 */
async function member(role: Extract<Role, 'student' | 'mentor'>): Promise<SignedUp> {
  const [created] = await createUsers(database.db, 1, { role });
  const cookie = `${SESSION.cookieName}=${created!.token}`;
  const { user } = (await one.inject({ url: '/api/auth/me', headers: { cookie } })).json<{ user: User }>();
  return { token: created!.token, cookie, user, email: user.email, password: '' };
}

/** A new student, a verified mentor and the conversation the student started with them, made quickly. */
async function quickPair() {
  const [student, mentor] = await Promise.all([member('student'), member('mentor')]);
  return { student, mentor, conversation: await startConversation(one, student, mentor.user.id) };
}

async function catchUp(who: SignedUp, conversationId: string, after: number): Promise<Message[]> {
  const found: Message[] = [];
  for (let from = after; ;) {
    const response = await two.inject({
      url: `/api/conversations/${conversationId}/messages?after=${from}&limit=100`,
      headers: { cookie: who.cookie },
    });
    const page = response.json<MessagesPage>();
    found.push(...page.messages);
    if (!page.hasMore) return found;
    from = page.messages.at(-1)!.seq;
  }
}

describe('two instances on one database', () => {
  it('deliver a message posted on one to a socket on the other, as one instance does', async () => {
    const { student, mentor: m, conversation } = await pair();
    const onTwo = await openSocket(baseTwo, { cookie: m.cookie });
    const onOne = await openSocket(baseOne, { cookie: m.cookie });
    const sent = await send(one, student, conversation.id, 'From instance one');
    expect((await onTwo.next('new_message')).message).toEqual(sent);
    expect((await onOne.next('new_message')).message).toEqual(sent);
    onTwo.ws.close();
    onOne.ws.close();
  });

  it('relay typing across instances and close a signed-out session’s sockets on both', async () => {
    const { student, mentor: m, conversation } = await pair();
    const mentorOnTwo = await openSocket(baseTwo, { cookie: m.cookie });
    const studentOnOne = await openSocket(baseOne, { cookie: student.cookie });
    const studentOnTwo = await openSocket(baseTwo, { cookie: student.cookie });
    mentorOnTwo.sendFrame({ type: 'join', conversationId: conversation.id });
    await mentorOnTwo.next('joined');
    studentOnOne.sendFrame({ type: 'join', conversationId: conversation.id });
    await studentOnOne.next('joined');
    studentOnOne.sendFrame({ type: 'typing', conversationId: conversation.id });
    expect((await mentorOnTwo.next('typing')).userId).toBe(student.user.id);
    await one.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie: student.cookie } });
    expect((await studentOnOne.closed).code).toBe(4001);
    expect((await studentOnTwo.closed).code).toBe(4001);
    mentorOnTwo.ws.close();
  });

  it('tell their sockets to reconnect when their listener lost the database, so they catch up', async () => {
    const { student, mentor: m, conversation } = await pair();
    const socket = await openSocket(baseTwo, { cookie: m.cookie });
    await socket.next('hello');
    await database.db.execute(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = '${LISTENER_NAME}'`,
    );
    expect((await socket.closed).code).toBe(4003);
    await send(one, student, conversation.id, 'Sent while the listener was away');
    const again = await openSocket(baseTwo, { cookie: m.cookie });
    const caughtUp = await catchUp(m, conversation.id, 0);
    expect(caughtUp.map((message) => message.content)).toEqual(['Sent while the listener was away']);
    const live = await send(one, student, conversation.id, 'And live again');
    expect((await again.next('new_message', (f) => f.message.id === live.id, 10_000)).message.seq).toBe(2);
    again.ws.close();
  });

  it('lose nothing and show nothing twice when sends, disconnects and reconnects interleave', async () => {
    type Step =
      | { kind: 'send'; from: 'student' | 'mentor'; via: 1 | 2 }
      | { kind: 'drop' }
      | { kind: 'reconnect'; to: 1 | 2 };
    const step = fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record({
          kind: fc.constant('send' as const),
          from: fc.constantFrom('student' as const, 'mentor' as const),
          via: fc.constantFrom(1 as const, 2 as const),
        }),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'drop' as const }) },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('reconnect' as const),
          to: fc.constantFrom(1 as const, 2 as const),
        }),
      },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps: Step[]) => {
        const { student, mentor: m, conversation } = await quickPair();
        // The mentor's client, as the browser keeps it: what it shows, in order, each message once.
        const shown: Message[] = [];
        let socket: TestSocket | null = null;
        const lastSeq = () => shown.at(-1)?.seq ?? 0;
        const take = (messages: Message[]) => {
          for (const message of messages) if (message.seq === lastSeq() + 1) shown.push(message);
        };
        const onFrame = async (frames: TestSocket['frames'], from: number) => {
          for (const frame of frames.slice(from)) {
            if (frame.type !== 'new_message') continue;
            if (frame.message.seq > lastSeq() + 1) take(await catchUp(m, conversation.id, lastSeq()));
            take([frame.message]);
          }
        };
        let read = 0;
        const opened: TestSocket[] = [];
        const connect = async (to: 1 | 2 = 1) => {
          socket = await openSocket(to === 1 ? baseOne : baseTwo, { cookie: m.cookie });
          opened.push(socket);
          read = 0;
          await socket.next('hello');
          take(await catchUp(m, conversation.id, lastSeq()));
        };
        await connect();
        let sent = 0;
        for (const s of steps) {
          if (s.kind === 'send') {
            await send(
              s.via === 1 ? one : two,
              s.from === 'student' ? student : m,
              conversation.id,
              `message ${sent + 1}`,
            );
            sent += 1;
          } else if (s.kind === 'drop' && socket) {
            await onFrame((socket as TestSocket).frames, read);
            (socket as TestSocket).ws.terminate();
            socket = null;
          } else if (s.kind === 'reconnect' && !socket) {
            await connect(s.to);
          }
          if (socket) {
            await onFrame((socket as TestSocket).frames, read);
            read = (socket as TestSocket).frames.length;
          }
        }
        if (!socket) await connect(2);
        // A message sent now must arrive live, on the socket.
        const last = await send(one, student, conversation.id, `message ${sent + 1}`);
        sent += 1;
        const open = socket as unknown as TestSocket;
        await open.next('new_message', (f) => f.message.id === last.id);
        await onFrame(open.frames, read);
        open.ws.close();
        for (const each of opened) {
          const seqs = each.frames.flatMap((f) => (f.type === 'new_message' ? [f.message.seq] : []));
          expect(new Set(seqs).size).toBe(seqs.length);
        }
        expect(shown.map((message) => message.seq)).toEqual(Array.from({ length: sent }, (_, i) => i + 1));
        expect(shown.map((message) => message.content)).toEqual(
          Array.from({ length: sent }, (_, i) => `message ${i + 1}`),
        );
      }),
      { numRuns: 12 },
    );
    // Twelve runs of up to 26 sends and a few sockets each: far more than one test's usual time on a slow machine.
  }, 180_000);
});
