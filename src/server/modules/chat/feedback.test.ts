import { describe, expect, it } from 'vitest';
import type { AdminUsersResponse } from '../../../shared/schemas/admin';
import type { Conversation } from '../../../shared/schemas/chat';
import { signUp, userWithRole, useTestApp, type SignedUp } from '../../test/helpers';
import { conversationPair } from './chat.test-helpers';

const t = useTestApp();

const feedback = (who: SignedUp, id: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/conversations/${id}/feedback`,
    headers: { cookie: who.cookie, ...headers },
    payload,
  });
const close = (who: SignedUp, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/conversations/${id}/close`, headers: { cookie: who.cookie } });

describe('POST /api/conversations/:id/feedback', () => {
  it('takes the student’s answer once the conversation is closed, once, and shows it only to admins', async () => {
    const { student, mentor, conversation } = await conversationPair(t.app, t.db);
    const early = await feedback(student, conversation.id, { helpful: true });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'CONVERSATION_OPEN' });

    await close(mentor, conversation.id);
    const given = await feedback(student, conversation.id, {
      helpful: false,
      note: '  Replies came late.  ',
    });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json<Conversation>().feedbackGiven).toBe(true);
    const again = await feedback(student, conversation.id, { helpful: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'FEEDBACK_GIVEN' });

    // The mentor is not told whether the student answered, nor what.
    const mentorView = await t.app.inject({
      url: `/api/conversations/${conversation.id}`,
      headers: { cookie: mentor.cookie },
    });
    expect(mentorView.json<Conversation>().feedbackGiven).toBe(false);
    expect(mentorView.body).not.toContain('Replies came late');

    const admin = await userWithRole(t.app, t.db, 'admin');
    const rows = await t.app.inject({
      url: `/api/admin/users?q=${encodeURIComponent(mentor.email)}`,
      headers: { cookie: admin.cookie },
    });
    expect(rows.statusCode).toBe(200);
    const row = rows.json<AdminUsersResponse>().users.find((u) => u.id === mentor.user.id)!;
    expect(row.chatFeedback).toMatchObject({
      helpful: 0,
      notHelpful: 1,
      notes: [{ helpful: false, note: 'Replies came late.' }],
    });
    const studentRow = (
      await t.app.inject({
        url: `/api/admin/users?q=${encodeURIComponent(student.email)}`,
        headers: { cookie: admin.cookie },
      })
    ).json<AdminUsersResponse>().users[0]!;
    expect(studentRow.chatFeedback).toBeNull();
  });

  it('is the student’s alone, and says what is missing in the reader’s language', async () => {
    const { student, mentor, conversation } = await conversationPair(t.app, t.db);
    await close(student, conversation.id);
    expect((await feedback(mentor, conversation.id, { helpful: true })).statusCode).toBe(403);
    const stranger = await signUp(t.app);
    expect((await feedback(stranger, conversation.id, { helpful: true })).statusCode).toBe(404);
    const missing = await feedback(student, conversation.id, {}, { 'accept-language': 'vi' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: string }>().error).toBe('Vui lòng chọn có hoặc không.');
    const long = await feedback(student, conversation.id, { helpful: true, note: 'x'.repeat(1001) });
    expect(long.json<{ error: string }>().error).toBe('Please keep it under 1,000 characters.');
    expect((await feedback(student, conversation.id, { helpful: true })).statusCode).toBe(201);
  });
});
