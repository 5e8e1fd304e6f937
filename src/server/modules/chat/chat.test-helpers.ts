import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import type { Conversation, Message, ServerFrame } from '../../../shared/schemas/chat';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { signUp, type SignedUp } from '../../test/helpers';

/** A mentor who signed up, verified (or not) as an admin would. */
export async function mentor(app: FastifyInstance, db: Database, verified = true): Promise<SignedUp> {
  const created = await signUp(app, { role: 'mentor', displayName: 'Minh Mentor' });
  if (verified)
    await db.update(users).set({ mentorVerifiedAt: new Date() }).where(eq(users.id, created.user.id));
  return created;
}

/** A new student, a verified mentor, and the conversation the student started with them. */
export async function conversationPair(
  app: FastifyInstance,
  db: Database,
): Promise<{ student: SignedUp; mentor: SignedUp; conversation: Conversation }> {
  const student = await signUp(app);
  const someMentor = await mentor(app, db);
  return {
    student,
    mentor: someMentor,
    conversation: await startConversation(app, student, someMentor.user.id),
  };
}

export async function startConversation(
  app: FastifyInstance,
  student: SignedUp,
  mentorId: string,
  title = 'Finding my first job',
): Promise<Conversation> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: { cookie: student.cookie },
    payload: { participantId: mentorId, title },
  });
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json<Conversation>();
}

export async function post(
  app: FastifyInstance,
  who: SignedUp,
  conversationId: string,
  content: string,
  clientId?: string,
) {
  return app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/messages`,
    headers: { cookie: who.cookie },
    payload: { content, clientId },
  });
}

export async function send(
  app: FastifyInstance,
  who: SignedUp,
  conversationId: string,
  content: string,
  clientId?: string,
): Promise<Message> {
  const response = await post(app, who, conversationId, content, clientId);
  if (response.statusCode !== 201 && response.statusCode !== 200) {
    throw new Error(`${response.statusCode} ${response.body}`);
  }
  return response.json<Message>();
}

/** A real socket client on a listening app, with the frames it has received. */
export type TestSocket = {
  ws: WebSocket;
  frames: ServerFrame[];
  /** Resolves with the first frame (received already or later) that matches. */
  next: <T extends ServerFrame['type']>(
    type: T,
    match?: (frame: Extract<ServerFrame, { type: T }>) => boolean,
    timeoutMs?: number,
  ) => Promise<Extract<ServerFrame, { type: T }>>;
  closed: Promise<{ code: number; reason: string }>;
  sendFrame: (frame: object) => void;
};

export function openSocket(baseUrl: string, headers: Record<string, string>): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, { headers });
    const frames: ServerFrame[] = [];
    const waiters: (() => void)[] = [];
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      ws.on('close', (code, reason) => done({ code, reason: reason.toString() })),
    );
    ws.on('message', (data) => {
      frames.push(JSON.parse(data.toString()) as ServerFrame);
      for (const waiter of [...waiters]) waiter();
    });
    const next: TestSocket['next'] = (type, match = () => true, timeoutMs = 5_000) =>
      new Promise((done, fail) => {
        const find = () =>
          frames.find((frame) => frame.type === type && match(frame as never)) as never | undefined;
        const found = find();
        if (found) return done(found);
        const timer = setTimeout(() => fail(new Error(`no ${type} frame within ${timeoutMs} ms`)), timeoutMs);
        const waiter = () => {
          const hit = find();
          if (!hit) return;
          clearTimeout(timer);
          waiters.splice(waiters.indexOf(waiter), 1);
          done(hit);
        };
        waiters.push(waiter);
      });
    ws.once('open', () =>
      resolve({ ws, frames, next, closed, sendFrame: (frame) => ws.send(JSON.stringify(frame)) }),
    );
    ws.once('unexpected-response', (_request, response) =>
      reject(
        Object.assign(new Error(`upgrade refused: ${response.statusCode}`), { status: response.statusCode }),
      ),
    );
    ws.once('error', reject);
  });
}

/** Waits a little for frames that must not come. */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
