import { describe, expect, it } from 'vitest';
import { pagesEn } from '../../../shared/i18n/pages.en';
import type { Question } from '../../../shared/schemas/questions';
import { createUser, ids, useQuestionsApp } from './questions.test-helpers';

const { t, a, alice, bob } = useQuestionsApp();
describe('/api/me/questions and /api/me/bookmarks', () => {
  it("answers the viewer's own questions, anonymous ones included, newest first", async () => {
    const carol = await createUser(t.db, { displayName: 'Carol Pham' });
    const first = await a().ask(carol.headers, { title: 'Carol asks openly' });
    const second = await a().ask(carol.headers, { title: 'Carol asks anonymously', isAnonymous: true });
    const response = await a().get('/api/me/questions', carol.headers);
    expect(response.statusCode).toBe(200);
    const { questions: mine } = response.json<{ questions: Question[] }>();
    expect(ids(mine)).toEqual([second.id, first.id]);
    expect(mine[0]).toMatchObject({ isAnonymous: true, author: null, isOwn: true });
    expect(mine[1]).toMatchObject({ author: { displayName: 'Carol Pham', role: 'student' }, isOwn: true });
    expect(response.body).not.toContain(carol.id);
  });

  it('answers the questions the viewer saved, most recently saved first, with their flags', async () => {
    const dan = await createUser(t.db, { displayName: 'Dan Le' });
    const older = await a().ask(alice.headers, { title: 'Saved second' });
    const newer = await a().ask(bob.headers, { title: 'Saved first' });
    await a().post(`/api/questions/${newer.id}/bookmark`, undefined, dan.headers);
    await a().post(`/api/questions/${older.id}/bookmark`, undefined, dan.headers);
    await a().post(`/api/questions/${older.id}/like`, undefined, dan.headers);
    const { questions: saved } = (await a().get('/api/me/bookmarks', dan.headers)).json<{
      questions: Question[];
    }>();
    expect(ids(saved)).toEqual([older.id, newer.id]);
    expect(saved.map((q) => [q.bookmarked, q.liked])).toEqual([
      [true, true],
      [true, false],
    ]);
    expect((await a().get('/api/me/questions', dan.headers)).json()).toEqual({ questions: [] });
  });

  it('answers visitors 401', async () => {
    for (const url of ['/api/me/questions', '/api/me/bookmarks']) {
      const response = await a().get(url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: pagesEn.errors.unauthorized, code: 'UNAUTHORIZED' });
    }
  });
});
