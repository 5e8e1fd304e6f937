import { and, count, eq, inArray, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagesEn } from '../../../shared/i18n/pages.en';
import { pagesVi } from '../../../shared/i18n/pages.vi';
import type { QuestionDetail, QuestionList } from '../../../shared/schemas/questions';
import {
  chloeReplyJobs,
  auditLog,
  bookmarks,
  likes,
  questions,
  replies,
  reports,
  voiceNotes,
} from '../../db/schema';
import { addAiReply } from './replies';
import { api as questionsApi, insertQuestions } from './questions.test-helpers';
import { UNKNOWN_ID, useAdminApp } from '../admin/admin.test-helpers';

const { t, api, admin, alice, bob, mentor } = useAdminApp();

describe('deleting a question', () => {
  let question: QuestionDetail;
  let replyIds: string[];
  beforeAll(async () => {
    const a = questionsApi(t.app);
    question = await a.ask(alice.headers, {
      title: 'Selling visa sponsorships, DM me',
      category: 'immigration-help',
    });
    await a.reply(bob.headers, question.id, 'This looks like a scam.');
    await a.reply(mentor.headers, question.id, 'Please report it.');
    await addAiReply(t.db, question.id, 'Chloe: never pay for sponsorship.');
    replyIds = (
      await t.db.select({ id: replies.id }).from(replies).where(eq(replies.questionId, question.id))
    ).map((row) => row.id);
    await a.post(`/api/questions/${question.id}/like`, { liked: true }, bob.headers);
    await a.post(`/api/questions/${question.id}/bookmark`, { bookmarked: true }, bob.headers);
    await t.db.insert(voiceNotes).values({
      questionId: question.id,
      mimeType: 'audio/webm',
      data: Buffer.from('voice'),
      byteLength: 5,
    });
    await api().report(bob, 'question', question.id, 'spam', 'Selling visas');
    await api().report(bob, 'reply', replyIds[0]!, 'other');
  });

  const rowsOn = async () => {
    const n = async (
      table: typeof likes | typeof bookmarks | typeof voiceNotes | typeof chloeReplyJobs | typeof replies,
    ) => (await t.db.select({ n: count() }).from(table).where(eq(table.questionId, question.id)))[0]!.n;
    const reportRows = await t.db
      .select({ n: count() })
      .from(reports)
      .where(
        and(
          or(eq(reports.targetId, question.id), inArray(reports.targetId, replyIds)),
          eq(reports.status, 'open'),
        ),
      );
    return {
      question: (await t.db.select({ n: count() }).from(questions).where(eq(questions.id, question.id)))[0]!
        .n,
      replies: await n(replies),
      likes: await n(likes),
      bookmarks: await n(bookmarks),
      voiceNote: await n(voiceNotes),
      aiJob: await n(chloeReplyJobs),
      openReports: reportRows[0]!.n,
    };
  };
  const feed = async (headers: Record<string, string> = {}) =>
    (await t.app.inject({ url: '/api/questions?sort=latest', headers }))
      .json<QuestionList>()
      .questions.map((q) => q.id);

  it('refuses an over-long reason with 400 and deletes nothing', async () => {
    const response = await api().send('DELETE', `/api/admin/questions/${question.id}`, admin, {
      reason: 'x'.repeat(501),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: pagesEn.admin.reasonMax, code: 'VALIDATION' });
    expect((await rowsOn()).question).toBe(1);
  });

  it('deletes it with its replies, likes, bookmarks, voice note and Chloe’s job, resolves its reports, and the feed drops it at once', async () => {
    expect(await rowsOn()).toEqual({
      question: 1,
      replies: 3,
      likes: 1,
      bookmarks: 1,
      voiceNote: 1,
      aiJob: 1,
      openReports: 2,
    });
    // Warm the caches: the feed (a visitor's and a member's) and the question page.
    expect(await feed()).toContain(question.id);
    expect(await feed(bob.headers)).toContain(question.id);
    expect((await t.app.inject({ url: `/api/questions/${question.id}` })).statusCode).toBe(200);

    const response = await api().send('DELETE', `/api/admin/questions/${question.id}`, admin, {
      reason: 'Scam',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    expect(await rowsOn()).toEqual({
      question: 0,
      replies: 0,
      likes: 0,
      bookmarks: 0,
      voiceNote: 0,
      aiJob: 0,
      openReports: 0,
    });
    // The reports stay, decided by the admin, with what they reported.
    const kept = await t.db
      .select()
      .from(reports)
      .where(or(eq(reports.targetId, question.id), inArray(reports.targetId, replyIds)));
    expect(kept.map((r) => [r.status, r.resolvedBy, r.questionId, r.replyId])).toEqual([
      ['resolved', admin.id, null, null],
      ['resolved', admin.id, null, null],
    ]);
    expect(kept.find((r) => r.targetType === 'question')!.snapshot).toMatchObject({
      title: 'Selling visa sponsorships, DM me',
    });
    expect(kept.find((r) => r.targetType === 'reply')!.snapshot).toMatchObject({
      title: 'Selling visa sponsorships, DM me',
      text: expect.any(String),
    });
    expect(await feed()).not.toContain(question.id);
    expect(await feed(bob.headers)).not.toContain(question.id);
    expect((await t.app.inject({ url: `/api/questions/${question.id}` })).statusCode).toBe(404);
    const saved = await t.app.inject({ url: '/api/me/bookmarks', headers: bob.headers });
    expect(saved.json().questions.map((q: { id: string }) => q.id)).not.toContain(question.id);
    expect((await api().questions(admin)).questions.map((q) => q.id)).not.toContain(question.id);
  });

  it('writes one audit entry with the title and the reason', async () => {
    const { entries } = await api().audit(admin);
    expect(entries[0]).toMatchObject({
      action: 'question.delete',
      targetType: 'question',
      targetId: question.id,
      targetLabel: 'Selling visa sponsorships, DM me',
      reason: 'Scam',
      detail: null,
      admin: { id: admin.id, displayName: 'Ada Admin' },
    });
    expect(entries.filter((entry) => entry.targetId === question.id)).toHaveLength(1);
  });

  it('answers 404 to a question deleted already or never there, with no audit entry', async () => {
    const before = (await t.db.select({ n: count() }).from(auditLog))[0]!.n;
    for (const id of [question.id, UNKNOWN_ID]) {
      const response = await api().send('DELETE', `/api/admin/questions/${id}`, admin);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: pagesEn.errors.notFound, code: 'NOT_FOUND' });
    }
    expect((await t.db.select({ n: count() }).from(auditLog))[0]!.n).toBe(before);
  });

  it('answers 400 to an id that is not one, in the caller’s language', async () => {
    const response = await api().send('DELETE', '/api/admin/questions/not-a-uuid', admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: pagesEn.validation.idInvalid, code: 'VALIDATION' });
    const vi = await api().send('DELETE', '/api/admin/questions/42', admin, undefined, {
      'accept-language': 'vi',
    });
    expect(vi.json()).toEqual({ error: pagesVi.validation.idInvalid, code: 'VALIDATION' });
  });

  it('deletes without a reason and records none', async () => {
    const [plain] = await insertQuestions(t.db, [{ authorId: bob.id, title: 'No reason needed' }]);
    const response = await api().send('DELETE', `/api/admin/questions/${plain!.id}`, admin);
    expect(response.statusCode).toBe(200);
    const { entries } = await api().audit(admin);
    expect(entries[0]).toMatchObject({ targetId: plain!.id, targetLabel: 'No reason needed', reason: null });
  });
});
