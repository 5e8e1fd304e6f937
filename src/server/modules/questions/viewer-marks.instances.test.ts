import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { likes } from '../../db/schema';
import { useTwoInstances } from '../../test/helpers';
import { seedCategories } from './categories';
import { api, createUser, DAY_MS, RELAXED_LIMITS, type FastUser } from './questions.test-helpers';

// Two instances on one database, each keeping the marks of the members who read it: a like, a bookmark or a follow
// written on one shows on the other as soon as it is heard, and on the same one at once.
const ctx = useTwoInstances(RELAXED_LIMITS);
let author: FastUser;
let reader: FastUser;
const soon = { timeout: 1_000, interval: 10 };

beforeAll(async () => {
  await seedCategories(ctx.database.db);
  author = await createUser(ctx.database.db, { displayName: 'Marks Author', ageMs: 30 * DAY_MS });
  reader = await createUser(ctx.database.db, { displayName: 'Marks Reader', ageMs: 30 * DAY_MS });
});

const marksOn = async (app: typeof ctx.one, id: string) => {
  const question = (await api(app).list({ sort: 'latest' }, reader.headers)).questions.find(
    (q) => q.id === id,
  )!;
  return { liked: question.liked, bookmarked: question.bookmarked, followed: question.followed };
};

describe('members’ marks on two instances', () => {
  it('show a like, a bookmark and a follow at once where they were made, and on the other as soon as it hears', async () => {
    const question = await api(ctx.one).ask(author.headers, { title: 'Marked from two instances' });
    const none = { liked: false, bookmarked: false, followed: false };
    expect(await marksOn(ctx.one, question.id)).toEqual(none);
    expect(await marksOn(ctx.two, question.id)).toEqual(none);

    await api(ctx.one).post(`/api/questions/${question.id}/like`, undefined, reader.headers);
    await api(ctx.one).post(`/api/questions/${question.id}/bookmark`, undefined, reader.headers);
    await api(ctx.one).send({
      method: 'PUT',
      url: `/api/questions/${question.id}/follow`,
      headers: reader.headers,
    });
    const all = { liked: true, bookmarked: true, followed: true };
    expect(await marksOn(ctx.one, question.id)).toEqual(all);
    await vi.waitFor(async () => expect(await marksOn(ctx.two, question.id)).toEqual(all), soon);
    const page = await api(ctx.two).get(`/api/questions/${question.id}`, reader.headers);
    expect(page.json()).toMatchObject(all);

    // Undone on the other instance.
    await api(ctx.two).post(`/api/questions/${question.id}/like`, { liked: false }, reader.headers);
    expect((await marksOn(ctx.two, question.id)).liked).toBe(false);
    await vi.waitFor(async () => expect((await marksOn(ctx.one, question.id)).liked).toBe(false), soon);
  });

  it('hears a mark written outside the app, by the table’s trigger', async () => {
    const question = await api(ctx.one).ask(author.headers, { title: 'Liked behind the app’s back' });
    expect((await marksOn(ctx.two, question.id)).liked).toBe(false);
    await ctx.database.db.insert(likes).values({ userId: reader.id, questionId: question.id });
    await vi.waitFor(async () => expect((await marksOn(ctx.two, question.id)).liked).toBe(true), soon);
    await ctx.database.db
      .delete(likes)
      .where(and(eq(likes.userId, reader.id), eq(likes.questionId, question.id)));
    await vi.waitFor(async () => expect((await marksOn(ctx.two, question.id)).liked).toBe(false), soon);
  });
});
