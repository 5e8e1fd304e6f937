import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagesEn } from '../../../shared/i18n/pages.en';
import type { Question, QuestionDetail } from '../../../shared/schemas/questions';
import { likes } from '../../db/schema';
import { createUsers, ids, questionRow, useQuestionsApp, type FastUser } from './questions.test-helpers';

const { t, a, alice, bob, mentor } = useQuestionsApp();
const json = { 'content-type': 'application/json' };

describe('likes and bookmarks', () => {
  let question: QuestionDetail;
  beforeAll(async () => {
    question = await a().ask(alice.headers, { title: 'Is the Opal card cheaper than paper tickets?' });
  });
  const like = (user: FastUser, body?: object) =>
    a().post(`/api/questions/${question.id}/like`, body, body ? { ...user.headers, ...json } : user.headers);
  const bookmark = (user: FastUser, body?: object) =>
    a().post(`/api/questions/${question.id}/bookmark`, body, user.headers);

  it('toggles a like when no body is sent', async () => {
    const first = await like(bob);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ liked: true, upvotes: 1 });
    expect((await a().detail(question.id, bob.headers)).liked).toBe(true);
    expect((await a().detail(question.id, mentor.headers)).liked).toBe(false);

    expect((await like(bob)).json()).toEqual({ liked: false, upvotes: 0 });
    expect((await a().detail(question.id, bob.headers)).liked).toBe(false);
  });

  it('sets the like idempotently when { liked } is sent', async () => {
    expect((await like(bob, { liked: true })).json()).toEqual({ liked: true, upvotes: 1 });
    expect((await like(bob, { liked: true })).json()).toEqual({ liked: true, upvotes: 1 });
    expect((await like(mentor, { liked: true })).json()).toEqual({ liked: true, upvotes: 2 });
    expect((await like(bob, { liked: false })).json()).toEqual({ liked: false, upvotes: 1 });
    expect((await like(bob, { liked: false })).json()).toEqual({ liked: false, upvotes: 1 });
    expect((await like(mentor, { liked: false })).json()).toEqual({ liked: false, upvotes: 0 });
    expect((await questionRow(t.db, question.id))?.upvotes).toBe(0);
  });

  it('toggles and sets bookmarks the same way and lists them under /api/me/bookmarks', async () => {
    expect((await bookmark(bob)).json()).toEqual({ bookmarked: true });
    expect((await a().detail(question.id, bob.headers)).bookmarked).toBe(true);
    expect((await bookmark(bob)).json()).toEqual({ bookmarked: false });
    expect((await bookmark(bob, { bookmarked: true })).json()).toEqual({ bookmarked: true });
    expect((await bookmark(bob, { bookmarked: true })).json()).toEqual({ bookmarked: true });
    const saved = (await a().get('/api/me/bookmarks', bob.headers)).json<{ questions: Question[] }>();
    expect(saved.questions.filter((q) => q.id === question.id)).toHaveLength(1);
    expect((await bookmark(bob, { bookmarked: false })).json()).toEqual({ bookmarked: false });
    const after = (await a().get('/api/me/bookmarks', bob.headers)).json<{ questions: Question[] }>();
    expect(ids(after.questions)).not.toContain(question.id);
  });

  it('answers visitors 401 and unknown questions 404', async () => {
    for (const action of ['like', 'bookmark']) {
      const visitor = await a().post(`/api/questions/${question.id}/${action}`);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual({ error: pagesEn.errors.unauthorized, code: 'UNAUTHORIZED' });
      const unknown = await a().post(`/api/questions/${randomUUID()}/${action}`, undefined, bob.headers);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: pagesEn.errors.notFound, code: 'NOT_FOUND' });
    }
    const bad = await a().post(`/api/questions/${question.id}/like`, { liked: 'yes' }, bob.headers);
    expect(bad.statusCode).toBe(400);
  });

  it('counts 50 simultaneous likes and unlikes from 50 users exactly', async () => {
    const target = await a().ask(alice.headers, { title: 'A popular question' });
    const crowd = await createUsers(t.db, 50, { displayName: 'Crowd' });
    const likeAll = await Promise.all(
      crowd.map((user) => a().post(`/api/questions/${target.id}/like`, undefined, user.headers)),
    );
    expect(likeAll.map((r) => r.statusCode)).toEqual(crowd.map(() => 200));
    expect(likeAll.every((r) => r.json().liked === true)).toBe(true);
    // Each like saw the count right after its own: 1 to 50, each once.
    expect(likeAll.map((r) => r.json().upvotes as number).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    const [likeRows] = await t.db.select({ n: count() }).from(likes).where(eq(likes.questionId, target.id));
    expect(likeRows?.n).toBe(50);
    expect((await questionRow(t.db, target.id))?.upvotes).toBe(50);
    expect((await a().detail(target.id)).upvotes).toBe(50);

    const unlikeAll = await Promise.all(
      crowd.map((user) =>
        a().post(`/api/questions/${target.id}/like`, { liked: false }, { ...user.headers, ...json }),
      ),
    );
    expect(unlikeAll.every((r) => r.statusCode === 200 && r.json().liked === false)).toBe(true);
    const [after] = await t.db.select({ n: count() }).from(likes).where(eq(likes.questionId, target.id));
    expect(after?.n).toBe(0);
    expect((await questionRow(t.db, target.id))?.upvotes).toBe(0);
  });

  it('counts one like for many simultaneous { liked: true } from the same user', async () => {
    const target = await a().ask(alice.headers, { title: 'Double-clicked like' });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        a().post(`/api/questions/${target.id}/like`, { liked: true }, { ...bob.headers, ...json }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 200 && r.json().liked === true)).toBe(true);
    expect((await questionRow(t.db, target.id))?.upvotes).toBe(1);
  });
});
