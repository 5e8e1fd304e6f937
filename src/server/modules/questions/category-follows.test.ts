import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createUser, DAY_MS, useQuestionsApp } from './questions.test-helpers';

const { t, a } = useQuestionsApp();

const follow = (headers: Record<string, string>, slug: string, following: boolean) =>
  a().send({ method: following ? 'PUT' : 'DELETE', url: `/api/categories/${slug}/follow`, headers });

async function followed(headers: Record<string, string>): Promise<string[]> {
  const response = await a().get('/api/categories/following', headers);
  expect(response.statusCode).toBe(200);
  return response.json<{ categories: string[] }>().categories;
}

describe('following a topic', () => {
  it('follows and stops, each as often as it is asked, and lists what the person follows', async () => {
    const member = await createUser(t.db, { ageMs: 30 * DAY_MS });
    expect(await followed(member.headers)).toEqual([]);
    for (let i = 0; i < 2; i++) {
      const response = await follow(member.headers, 'housing', true);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ following: true });
    }
    await follow(member.headers, 'immigration-help', true);
    // In the topics' order, whatever the order they were followed in.
    expect(await followed(member.headers)).toEqual(['immigration-help', 'housing']);

    for (let i = 0; i < 2; i++) {
      const response = await follow(member.headers, 'housing', false);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ following: false });
    }
    expect(await followed(member.headers)).toEqual(['immigration-help']);
  });

  it('asks who is asking, and answers an unknown topic with a 404 in the caller’s language', async () => {
    for (const following of [true, false]) {
      const response = await follow({}, 'housing', following);
      expect(response.statusCode).toBe(401);
    }
    expect((await a().get('/api/categories/following')).statusCode).toBe(401);

    const member = await createUser(t.db);
    const english = await follow(member.headers, 'no-such-topic', true);
    expect(english.statusCode).toBe(404);
    expect(english.json()).toMatchObject({ code: 'NOT_FOUND', error: 'This topic does not exist.' });
    const vietnamese = await follow({ ...member.headers, 'accept-language': 'vi' }, 'no-such-topic', false);
    expect(vietnamese.statusCode).toBe(404);
    expect(vietnamese.json()).toMatchObject({ error: 'Chủ đề này không tồn tại.' });
  });

  it('has a mentor follow their own topics until they stop following one', async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    await t.db
      .update(users)
      .set({ topics: ['housing', 'student-support'] })
      .where(eq(users.id, mentor.id));
    const student = await createUser(t.db);
    await t.db
      .update(users)
      .set({ topics: ['housing'] })
      .where(eq(users.id, student.id));

    expect(await followed(mentor.headers)).toEqual(['student-support', 'housing']);
    // Topics are a mentor's: a student's (left from a time as a mentor) follow nothing.
    expect(await followed(student.headers)).toEqual([]);

    expect((await follow(mentor.headers, 'housing', false)).json()).toEqual({ following: false });
    expect(await followed(mentor.headers)).toEqual(['student-support']);
    await follow(mentor.headers, 'immigration-help', true);
    await follow(mentor.headers, 'housing', true);
    expect(await followed(mentor.headers)).toEqual(['immigration-help', 'student-support', 'housing']);
  });
});
