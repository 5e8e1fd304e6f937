import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagesEn } from '../../../shared/i18n/pages.en';
import type { QuestionDetail } from '../../../shared/schemas/questions';
import { questions } from '../../db/schema';
import { useTestApp } from '../../test/helpers';
import { seedCategories } from './categories';
import {
  api,
  createUsers,
  DAY_MS,
  insertReply,
  questionRow,
  RELAXED_LIMITS,
  useQuestionsApp,
} from './questions.test-helpers';

const { t, a, alice, bob, mentor, admin } = useQuestionsApp();
describe('replies', () => {
  let question: QuestionDetail;
  beforeAll(async () => {
    question = await a().ask(alice.headers, { title: 'Where can I get a tax file number?' });
  });

  it('answers 201 with the question, the trimmed reply last, and counts it', async () => {
    const before = (await a().detail(question.id)).replyCount;
    const response = await a().post(
      `/api/questions/${question.id}/replies`,
      { content: '  Apply online at the ATO website.  ' },
      bob.headers,
    );
    expect(response.statusCode).toBe(201);
    const detail = response.json<QuestionDetail>();
    expect(detail.id).toBe(question.id);
    expect(detail.replyCount).toBe(before + 1);
    expect(detail.replies.at(-1)).toMatchObject({
      content: 'Apply online at the ATO website.',
      isAiReply: false,
      author: { displayName: 'Bob Nguyen', role: 'student' },
      isOwn: true,
    });
    expect((await questionRow(t.db, question.id))?.replyCount).toBe(before + 1);
    expect((await a().list({ q: 'tax file number' })).questions[0]).toMatchObject({
      id: question.id,
      replyCount: before + 1,
    });
  });

  it('accepts 5,000 characters and refuses empty or longer replies', async () => {
    expect(
      (await a().reply(mentor.headers, question.id, 'R'.repeat(5_000))).replies.at(-1)?.content,
    ).toHaveLength(5_000);
    for (const [payload, message] of [
      [{ content: 'R'.repeat(5_001) }, pagesEn.validation.replyMax],
      [{ content: '   ' }, pagesEn.validation.replyRequired],
      [{ content: '' }, pagesEn.validation.replyRequired],
      [{}, pagesEn.validation.replyRequired],
    ] as const) {
      const response = await a().post(`/api/questions/${question.id}/replies`, payload, bob.headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: message, code: 'VALIDATION' });
    }
  });

  it('answers visitors 401 and unknown questions 404', async () => {
    const visitor = await a().post(`/api/questions/${question.id}/replies`, { content: 'Hi' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ error: pagesEn.errors.unauthorized, code: 'UNAUTHORIZED' });
    const unknown = await a().post(`/api/questions/${randomUUID()}/replies`, { content: 'Hi' }, bob.headers);
    expect(unknown.statusCode).toBe(404);
  });

  it('lets authors delete their own reply and uncounts it', async () => {
    const posted = await a().reply(bob.headers, question.id, 'A reply Bob regrets');
    const replyId = posted.replies.at(-1)!.id;
    const response = await a().del(`/api/replies/${replyId}`, bob.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const detail = await a().detail(question.id);
    expect(detail.replyCount).toBe(posted.replyCount - 1);
    expect(detail.replies.map((r) => r.id)).not.toContain(replyId);
    expect((await a().del(`/api/replies/${replyId}`, bob.headers)).statusCode).toBe(404);
  });

  it("refuses to delete someone else's reply with 403, and lets admins", async () => {
    const posted = await a().reply(mentor.headers, question.id, 'A mentor reply');
    const replyId = posted.replies.at(-1)!.id;
    for (const user of [bob, alice]) {
      const response = await a().del(`/api/replies/${replyId}`, user.headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: pagesEn.errors.forbidden, code: 'FORBIDDEN' });
    }
    expect((await a().del(`/api/replies/${replyId}`)).statusCode).toBe(401);
    expect((await a().detail(question.id)).replyCount).toBe(posted.replyCount);

    expect((await a().del(`/api/replies/${replyId}`, admin.headers)).statusCode).toBe(200);
    const detail = await a().detail(question.id);
    expect(detail.replyCount).toBe(posted.replyCount - 1);
    expect(detail.replies.map((r) => r.id)).not.toContain(replyId);
    expect((await a().del(`/api/replies/${randomUUID()}`, admin.headers)).statusCode).toBe(404);
  });
});

describe('deleting one reply twice at once', () => {
  const s3 = useTestApp(RELAXED_LIMITS);

  it('moves the reply count once', async () => {
    await seedCategories(s3.db);
    const [author, replier] = await createUsers(s3.db, 2, { displayName: 'Deleter', ageMs: 30 * DAY_MS });
    const question = await api(s3.app).ask(author!.headers, { title: 'Two replies' });
    await insertReply(s3.db, { questionId: question.id, authorId: replier!.id, content: 'first' });
    const second = await insertReply(s3.db, {
      questionId: question.id,
      authorId: replier!.id,
      content: 'second',
    });
    await s3.db.update(questions).set({ replyCount: 2 }).where(eq(questions.id, question.id));
    const results = await Promise.all(
      [0, 1].map(() => api(s3.app).del(`/api/replies/${second.id}`, replier!.headers)),
    );
    expect(results.map((r) => r.statusCode).sort()).toContain(200);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true);
    expect((await questionRow(s3.db, question.id))?.replyCount).toBe(1);
  });
});
