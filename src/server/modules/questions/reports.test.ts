import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagesEn } from '../../../shared/i18n/pages.en';
import type { QuestionDetail } from '../../../shared/schemas/questions';
import { reports } from '../../db/schema';
import { useQuestionsApp, type FastUser } from './questions.test-helpers';

const { t, a, alice, bob, mentor } = useQuestionsApp();
describe('reports', () => {
  let question: QuestionDetail;
  let replyId: string;
  beforeAll(async () => {
    question = await a().ask(alice.headers, { title: 'Cheap visa, DM me' });
    replyId = (await a().reply(alice.headers, question.id, 'Buy followers here')).replies.at(-1)!.id;
  });
  const reportQuestion = (user: FastUser, body: object, id = question.id) =>
    a().post(`/api/questions/${id}/report`, body, user.headers);
  const reportReply = (user: FastUser, body: object, id = replyId) =>
    a().post(`/api/replies/${id}/report`, body, user.headers);

  it('takes a report on a question, and only one open report per user', async () => {
    const first = await reportQuestion(bob, { reason: 'spam', details: '  Selling visas  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ ok: true });
    const [row] = await t.db
      .select()
      .from(reports)
      .where(and(eq(reports.questionId, question.id), eq(reports.reporterId, bob.id)));
    expect(row).toMatchObject({ reason: 'spam', details: 'Selling visas', status: 'open', replyId: null });

    const again = await reportQuestion(bob, { reason: 'abuse' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: pagesEn.errors.alreadyReported, code: 'ALREADY_REPORTED' });

    expect((await reportQuestion(mentor, { reason: 'misleading' })).statusCode).toBe(201);
    const [n] = await t.db.select({ n: count() }).from(reports).where(eq(reports.questionId, question.id));
    expect(n?.n).toBe(2);

    // Once moderators have closed it, the same user can report again.
    await t.db.update(reports).set({ status: 'resolved' }).where(eq(reports.id, row!.id));
    expect((await reportQuestion(bob, { reason: 'other' })).statusCode).toBe(201);
  });

  it('takes a report on a reply, and only one open report per user', async () => {
    const first = await reportReply(bob, { reason: 'personal-information' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ ok: true });
    const again = await reportReply(bob, { reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: pagesEn.errors.alreadyReported, code: 'ALREADY_REPORTED' });
    const rows = await t.db.select().from(reports).where(eq(reports.replyId, replyId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reporterId: bob.id, questionId: null, reason: 'personal-information' });
  });

  it('refuses a missing or unknown reason and over-long details with 400', async () => {
    for (const [body, message] of [
      [{ reason: 'boring' }, pagesEn.validation.reasonInvalid],
      [{}, pagesEn.validation.reasonInvalid],
      [{ reason: 'spam', details: 'd'.repeat(1_001) }, pagesEn.validation.detailsMax],
    ] as const) {
      for (const response of [await reportQuestion(mentor, body), await reportReply(mentor, body)]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: message, code: 'VALIDATION' });
      }
    }
  });

  it('answers 404 for unknown targets and 401 for visitors', async () => {
    const unknownQuestion = await reportQuestion(bob, { reason: 'spam' }, randomUUID());
    expect(unknownQuestion.statusCode).toBe(404);
    expect(unknownQuestion.json()).toEqual({ error: pagesEn.errors.notFound, code: 'NOT_FOUND' });
    expect((await reportReply(bob, { reason: 'spam' }, randomUUID())).statusCode).toBe(404);
    expect((await a().post(`/api/questions/${question.id}/report`, { reason: 'spam' })).statusCode).toBe(401);
    expect((await a().post(`/api/replies/${replyId}/report`, { reason: 'spam' })).statusCode).toBe(401);
  });
});
