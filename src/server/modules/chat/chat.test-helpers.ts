import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Conversation, Message } from '../../../shared/schemas/chat';
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

export { openSocket, type TestSocket } from '../../realtime/realtime.test-helpers';

/** Waits a little for frames that must not come. */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
