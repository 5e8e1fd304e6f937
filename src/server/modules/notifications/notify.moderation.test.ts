import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminReportsResponse } from '../../../shared/schemas/admin';
import { users } from '../../db/schema';
import { createSession } from '../../plugins/auth';
import { bearer } from '../../test/helpers';
import { addAiReply } from '../questions/replies';
import { createUser, useQuestionsApp, type FastUser } from '../questions/questions.test-helpers';
import { bellApi, rowsOf } from './notifications.test-helpers';

const { t, a, admin } = useQuestionsApp();
const bell = () => bellApi(t.app);

/** A mentor whose application waits for an admin (their address confirmed and their headline given). */
async function applicant(): Promise<FastUser> {
  const mentor = await createUser(t.db, { role: 'mentor', displayName: 'Applying Mentor' });
  await t.db.update(users).set({ mentorVerifiedAt: null }).where(eq(users.id, mentor.id));
  return mentor;
}

/** A decline ends the person's sessions: they read the bell after signing in again. */
const signedInAgain = async (who: FastUser) => ({ headers: bearer(await createSession(t.db, who.id)) });

const lastReplyId = async (questionId: string) => (await a().detail(questionId)).replies.at(-1)!.id;

describe('a mentor application decided', () => {
  it('verified, tells the mentor, naming no admin', async () => {
    const mentor = await applicant();
    const response = await a().post(`/api/admin/users/${mentor.id}/verify`, {}, admin.headers);
    expect(response.statusCode).toBe(200);
    const page = await bell().page(mentor);
    expect(page.notifications).toEqual([
      expect.objectContaining({
        type: 'mentor_verified',
        actor: null,
        target: { kind: 'profile', id: null, title: 'Your mentor application' },
        text: 'Your mentor application was approved: students can now choose you for a chat.',
      }),
    ]);
    expect((await rowsOf(t.db, mentor.id))[0]!.emailDueAt).not.toBeNull();
    // Verifying again changes nothing and tells nobody twice.
    await a().post(`/api/admin/users/${mentor.id}/verify`, {}, admin.headers);
    expect(await rowsOf(t.db, mentor.id)).toHaveLength(1);
    expect(await rowsOf(t.db, admin.id)).toEqual([]);
  });

  it('declined, tells the mentor why, in their language', async () => {
    const mentor = await applicant();
    const reason = 'Please add what you can help with in your profile.';
    const response = await a().post(`/api/admin/users/${mentor.id}/decline`, { reason }, admin.headers);
    expect(response.statusCode).toBe(200);
    const again = await signedInAgain(mentor);
    const page = await bell().page(again);
    expect(page.notifications).toEqual([
      expect.objectContaining({
        type: 'mentor_declined',
        actor: null,
        text: `Your mentor application was declined: ${reason}`,
      }),
    ]);
    const inVietnamese = await bell().page(again, undefined, { 'accept-language': 'vi' });
    expect(inVietnamese.notifications[0]!.text).toBe(
      `Đơn đăng ký làm người hướng dẫn của bạn chưa được chấp nhận. Lý do: ${reason}`,
    );
    expect((await rowsOf(t.db, mentor.id))[0]!.detail).toBe(reason);
  });
});

describe('a post removed by a moderator', () => {
  it('tells the author of a question, with its title, and the notifications about it go', async () => {
    const author = await createUser(t.db, { displayName: 'Removed Author' });
    const replier = await createUser(t.db);
    const question = await a().ask(author.headers, { title: 'Buy followers cheap' });
    await a().reply(replier.headers, question.id, 'A reply on a question soon removed.');
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/questions/${question.id}`,
      headers: admin.headers,
      payload: { reason: 'Spam' },
    });
    expect(response.statusCode).toBe(200);

    const page = await bell().page(author);
    expect(page.notifications).toEqual([
      expect.objectContaining({
        type: 'content_removed',
        actor: null,
        target: { kind: 'profile', id: null, title: 'Buy followers cheap' },
        text: 'A moderator removed your question “Buy followers cheap”',
      }),
    ]);
    const rows = await rowsOf(t.db, author.id);
    expect(rows).toEqual([
      expect.objectContaining({ questionId: null, actorId: null, detail: 'Buy followers cheap' }),
    ]);
    expect(JSON.stringify(page)).not.toContain('Ada Admin');
  });

  it('tells the author of a reply, with its start, whether removed directly or from a report', async () => {
    const asker = await createUser(t.db);
    const author = await createUser(t.db);
    const reporter = await createUser(t.db);
    const question = await a().ask(asker.headers, { title: 'Where to find work' });
    await a().reply(author.headers, question.id, 'Removed directly by an admin.');
    const direct = await lastReplyId(question.id);
    expect((await a().del(`/api/replies/${direct}`, admin.headers)).statusCode).toBe(200);

    await a().reply(author.headers, question.id, `Removed after a report. ${'Long words '.repeat(30)}`);
    const reported = await lastReplyId(question.id);
    await a().post(`/api/replies/${reported}/report`, { reason: 'spam' }, reporter.headers);
    const queue = await t.app.inject({ url: '/api/admin/reports', headers: admin.headers });
    const report = queue
      .json<AdminReportsResponse>()
      .reports.find((r) => r.content.text.startsWith('Removed'))!;
    const decided = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${report.id}`,
      headers: admin.headers,
      payload: { action: 'remove' },
    });
    expect(decided.statusCode).toBe(200);

    const page = await bell().page(author);
    expect(page.notifications.map((n) => n.text)).toEqual([
      expect.stringMatching(/^A moderator removed your reply “Removed after a report\. Long words .*…”$/),
      'A moderator removed your reply “Removed directly by an admin.”',
    ]);
    expect(page.notifications.every((n) => n.type === 'content_removed' && n.actor === null)).toBe(true);
  });

  it('tells nobody when the moderator removes their own post, an author their own, or Chloe’s', async () => {
    const author = await createUser(t.db);
    const own = await a().ask(admin.headers, { title: 'An admin’s own question' });
    expect((await a().del(`/api/admin/questions/${own.id}`, admin.headers)).statusCode).toBe(200);
    const mine = await a().ask(author.headers, { title: 'Deleted by its author' });
    await addAiReply(t.db, mine.id, 'Chloe answers.');
    const chloes = (await a().detail(mine.id)).replies.find((r) => r.isAiReply)!.id;
    expect((await a().del(`/api/replies/${chloes}`, admin.headers)).statusCode).toBe(200);
    expect((await a().del(`/api/questions/${mine.id}`, author.headers)).statusCode).toBe(200);
    expect((await rowsOf(t.db, admin.id)).filter((row) => row.type === 'content_removed')).toEqual([]);
    expect(await rowsOf(t.db, author.id)).toEqual([]);
  });
});
