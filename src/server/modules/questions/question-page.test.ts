import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pagesEn } from '../../../shared/i18n/pages.en';
import type { Question } from '../../../shared/schemas/questions';
import { replies } from '../../db/schema';
import { HOUR_MS, ids, insertQuestions, insertReply, useQuestionsApp } from './questions.test-helpers';

const { t, a, alice, bob, mentor, admin } = useQuestionsApp();
describe('GET /api/questions/:id', () => {
  it("answers the question with Chloe's reply first and the others oldest first", async () => {
    // Straight into the database (not through the API), so no cached copy of the page exists yet.
    const now = Date.now();
    const [question] = await insertQuestions(t.db, [
      {
        authorId: alice.id,
        title: 'Which bank account should I open?',
        replyCount: 3,
        createdAt: new Date(now - 3 * HOUR_MS),
      },
    ]);
    const id = question!.id;
    const later = await insertReply(t.db, {
      questionId: id,
      authorId: mentor.id,
      content: 'Mentor, one hour ago',
      createdAt: new Date(now - HOUR_MS),
    });
    const earlier = await insertReply(t.db, {
      questionId: id,
      authorId: bob.id,
      content: 'Bob, two hours ago',
      createdAt: new Date(now - 2 * HOUR_MS),
    });
    const chloe = await insertReply(t.db, {
      questionId: id,
      authorId: null,
      content: 'Chloe: most banks let you open an account before you arrive.',
      isAiReply: true,
      createdAt: new Date(now - 10_000),
    });

    const detail = await a().detail(id, bob.headers);
    expect(detail.replies.map((r) => r.id)).toEqual([chloe.id, earlier.id, later.id]);
    expect(detail.replies[0]).toEqual({
      id: chloe.id,
      content: chloe.content,
      language: 'en',
      isAiReply: true,
      createdAt: chloe.createdAt.toISOString(),
      author: null,
      isOwn: false,
      helpful: false,
    });
    expect(detail.replies[1]).toMatchObject({
      isAiReply: false,
      isOwn: true,
      author: { displayName: 'Bob Nguyen' },
    });
    expect(detail.replies[2]).toMatchObject({ author: { displayName: 'Minh Mentor', role: 'mentor' } });

    // A new reply goes last; Chloe stays first.
    const after = await a().reply(alice.headers, id, 'Alice, just now');
    expect(after.replies.map((r) => r.content)).toEqual([
      chloe.content,
      'Bob, two hours ago',
      'Mentor, one hour ago',
      'Alice, just now',
    ]);
    expect(after.replyCount).toBe(4);

    // In lists, only Chloe's reply comes along, for the card's excerpt.
    const search = await a().list({ q: 'bank account' });
    expect(search.questions.find((q) => q.id === id)?.replies).toEqual([
      { content: chloe.content, isAiReply: true },
    ]);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await a().get(`/api/questions/${randomUUID()}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: pagesEn.errors.notFound, code: 'NOT_FOUND' });
  });

  it.each([
    ['GET', '/api/questions/not-a-uuid'],
    ['GET', '/api/questions/123'],
    ['DELETE', '/api/questions/not-a-uuid'],
    ['POST', '/api/questions/not-a-uuid/like'],
    ['POST', '/api/questions/not-a-uuid/bookmark'],
    ['POST', '/api/questions/zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz/replies'],
    ['DELETE', '/api/replies/not-a-uuid'],
    ['GET', '/api/questions/not-a-uuid/voice-note'],
  ] as const)('answers %s %s with 400', async (method, url) => {
    const response = await a().send({ method, url, headers: alice.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: pagesEn.validation.idInvalid, code: 'VALIDATION' });
  });
});

describe('deleting questions', () => {
  it('lets authors delete their own question, which is then gone everywhere', async () => {
    const question = await a().ask(bob.headers, { title: 'A question Bob deletes', category: 'founders' });
    await a().reply(alice.headers, question.id, 'An answer');
    await a().post(`/api/questions/${question.id}/like`, undefined, alice.headers);
    await a().post(`/api/questions/${question.id}/bookmark`, undefined, alice.headers);
    expect(ids((await a().list({ sort: 'latest' })).questions)).toContain(question.id);

    const response = await a().del(`/api/questions/${question.id}`, bob.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await a().get(`/api/questions/${question.id}`)).statusCode).toBe(404);
    expect(ids((await a().list({ sort: 'latest' })).questions)).not.toContain(question.id);
    const mine = (await a().get('/api/me/questions', bob.headers)).json<{ questions: Question[] }>();
    expect(ids(mine.questions)).not.toContain(question.id);
    const saved = (await a().get('/api/me/bookmarks', alice.headers)).json<{ questions: Question[] }>();
    expect(ids(saved.questions)).not.toContain(question.id);
    const [left] = await t.db.select({ n: count() }).from(replies).where(eq(replies.questionId, question.id));
    expect(left?.n).toBe(0);
    expect((await a().del(`/api/questions/${question.id}`, bob.headers)).statusCode).toBe(404);
  });

  it("refuses to delete someone else's question with 403, and lets admins", async () => {
    const question = await a().ask(alice.headers, { title: 'A question others try to delete' });
    for (const user of [bob, mentor]) {
      const response = await a().del(`/api/questions/${question.id}`, user.headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: pagesEn.errors.forbidden, code: 'FORBIDDEN' });
    }
    expect((await a().del(`/api/questions/${question.id}`)).statusCode).toBe(401);
    expect((await a().get(`/api/questions/${question.id}`)).statusCode).toBe(200);

    expect((await a().del(`/api/questions/${question.id}`, admin.headers)).statusCode).toBe(200);
    expect((await a().get(`/api/questions/${question.id}`)).statusCode).toBe(404);
    expect((await a().del(`/api/questions/${randomUUID()}`, admin.headers)).statusCode).toBe(404);
  });
});
