import { describe, expect, it } from 'vitest';
import { bearer, signUp, useTestApp, type SignedUp } from '../../test/helpers';
import { mentor as verifiedMentor, send, startConversation } from '../chat/chat.test-helpers';
import { bellApi, rowsOf } from './notifications.test-helpers';

const t = useTestApp({ RATE_LIMIT_CHAT_MESSAGES_PER_SECOND: '1000' });
const bell = () => bellApi(t.app);
const caller = (who: SignedUp) => ({ headers: bearer(who.token) });

async function pair(title = 'Finding my first job') {
  const student = await signUp(t.app, { displayName: 'Lan Student' });
  const mentor = await verifiedMentor(t.app, t.db);
  const conversation = await startConversation(t.app, student, mentor.user.id, title);
  return { student, mentor, conversation };
}

const readUpTo = (who: SignedUp, conversationId: string, seq: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/read`,
    headers: bearer(who.token),
    payload: { seq },
  });

const chatRows = async (who: SignedUp) =>
  (await rowsOf(t.db, who.user.id)).filter((row) => row.type === 'chat_message');

describe('chat notifications', () => {
  it('send nothing more once the student blocks the mentor: no email, no push of what waited', async () => {
    const { student, mentor, conversation } = await pair('Shared house');
    await send(t.app, mentor, conversation.id, 'Are you free to talk tonight?');
    const [waiting] = await chatRows(student);
    expect(waiting!.emailedAt).toBeNull();
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/block`,
      headers: bearer(student.token),
    });
    expect(blocked.statusCode).toBe(200);
    const [after] = await chatRows(student);
    expect(after).toMatchObject({
      emailDueAt: null,
      emailedAt: expect.any(Date),
      pushedAt: expect.any(Date),
    });
  });

  it('tell a mentor of a new conversation, and not the student who started it', async () => {
    const { student, mentor, conversation } = await pair('Tax return help');
    const page = await bell().page(caller(mentor));
    expect(page.notifications).toEqual([
      expect.objectContaining({
        type: 'new_conversation',
        readAt: null,
        actor: { displayName: 'Lan Student', role: 'student' },
        target: { kind: 'conversation', id: conversation.id, title: 'Tax return help' },
        text: 'Lan Student started a conversation with you: “Tax return help”',
      }),
    ]);
    const [row] = await rowsOf(t.db, mentor.user.id);
    expect(row!.eventKey).toBe(`conversation:${conversation.id}`);
    expect(row!.emailDueAt!.getTime() - row!.createdAt.getTime()).toBeLessThan(1_000);
    expect(await rowsOf(t.db, student.user.id)).toEqual([]);
  });

  it('fold unread messages into one, with its count, its email due ten minutes after the first', async () => {
    const { student, mentor, conversation } = await pair();
    await send(t.app, student, conversation.id, 'Hello!');
    const [first] = await chatRows(mentor);
    expect(first).toMatchObject({ count: 1, eventKey: `message:${conversation.id}:1`, readAt: null });
    expect(first!.emailDueAt!.getTime() - first!.createdAt.getTime()).toBe(10 * 60_000);

    await send(t.app, student, conversation.id, 'Are you there?');
    await send(t.app, student, conversation.id, 'I have a question about my visa.');
    const [folded] = await chatRows(mentor);
    expect(await chatRows(mentor)).toHaveLength(1);
    expect(folded).toMatchObject({ id: first!.id, count: 3, emailDueAt: first!.emailDueAt });
    expect(folded!.createdAt.getTime()).toBeGreaterThanOrEqual(first!.createdAt.getTime());

    const page = await bell().page(caller(mentor));
    // The newest first: the folded messages came after the conversation began.
    expect(page.notifications.map((n) => n.type)).toEqual(['chat_message', 'new_conversation']);
    expect(page.notifications[0]!.text).toBe('3 new messages from Lan Student in “Finding my first job”');
    const inVietnamese = await bell().page(caller(mentor), undefined, { 'accept-language': 'vi' });
    expect(inVietnamese.notifications[0]!.text).toBe(
      '3 tin nhắn mới từ Lan Student trong “Finding my first job”',
    );
    expect(await chatRows(student)).toEqual([]);
  });

  it('are read when the reader reaches the last message, and the next message starts a new one', async () => {
    const { student, mentor, conversation } = await pair();
    await send(t.app, student, conversation.id, 'One');
    await send(t.app, student, conversation.id, 'Two');

    expect((await readUpTo(mentor, conversation.id, 1)).statusCode).toBe(200);
    expect((await chatRows(mentor))[0]!.readAt).toBeNull();
    expect((await readUpTo(mentor, conversation.id, 2)).statusCode).toBe(200);
    expect((await chatRows(mentor))[0]!.readAt).not.toBeNull();
    // Only the conversation's messages: its start is still to be opened from the bell.
    expect((await bell().page(caller(mentor))).unread).toBe(1);

    await send(t.app, student, conversation.id, 'Three');
    const rows = await chatRows(mentor);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ eventKey: `message:${conversation.id}:3`, count: 1, readAt: null });
    const page = await bell().page(caller(mentor));
    expect(page.notifications[0]!.text).toBe('New message from Lan Student in “Finding my first job”');
  });

  it('are read when the reader replies, which reads everything before it', async () => {
    const { student, mentor, conversation } = await pair();
    await send(t.app, student, conversation.id, 'A question for you');
    await send(t.app, mentor, conversation.id, 'Happy to help');
    expect((await chatRows(mentor))[0]!.readAt).not.toBeNull();
    expect(await chatRows(student)).toEqual([
      expect.objectContaining({ eventKey: `message:${conversation.id}:2`, readAt: null }),
    ]);
  });

  it('keep each conversation to its own notification', async () => {
    const student = await signUp(t.app, { displayName: 'Two Chats' });
    const mentor = await verifiedMentor(t.app, t.db);
    const first = await startConversation(t.app, student, mentor.user.id, 'First chat');
    const second = await startConversation(t.app, student, mentor.user.id, 'Second chat');
    await send(t.app, student, first.id, 'In the first');
    await send(t.app, student, second.id, 'In the second');
    await send(t.app, student, second.id, 'In the second again');
    const rows = await chatRows(mentor);
    expect(rows.map((row) => [row.conversationId, row.count])).toEqual([
      [first.id, 1],
      [second.id, 2],
    ]);
  });
});
