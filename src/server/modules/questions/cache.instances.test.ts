import { beforeAll, describe, expect, it, vi } from 'vitest';
import { userWithRole, useTwoInstances } from '../../test/helpers';
import { seedCategories } from './categories';
import { api, createUser, DAY_MS, RELAXED_LIMITS, type FastUser } from './questions.test-helpers';

// Two app instances on one database, as behind a load balancer, each with its own pool (and so its own caches): a
// write on one clears the caches of both.
const ctx = useTwoInstances(RELAXED_LIMITS);
let author: FastUser;
let reader: FastUser;

beforeAll(async () => {
  await seedCategories(ctx.database.db);
  author = await createUser(ctx.database.db, { displayName: 'Instance Author', ageMs: 30 * DAY_MS });
  reader = await createUser(ctx.database.db, { displayName: 'Instance Reader', ageMs: 30 * DAY_MS });
});

/** The question as instance two's cached latest feed shows it to visitors, or to a member. */
const onTwo = async (id: string, headers: Record<string, string> = {}) =>
  (await api(ctx.two).list({ sort: 'latest' }, headers)).questions.find((q) => q.id === id);
const soon = { timeout: 3_000, interval: 50 };

describe('question caches on two instances', () => {
  it('clear on the other instance when a reply, a like and a deletion are written on one', async () => {
    const question = await api(ctx.one).ask(author.headers, { title: 'Seen from two instances' });
    await vi.waitFor(async () => expect(await onTwo(question.id)).toBeDefined(), soon);
    expect((await api(ctx.two).detail(question.id)).replies).toEqual([]);

    await api(ctx.one).reply(reader.headers, question.id, 'A reply written on instance one');
    await vi.waitFor(async () => expect((await onTwo(question.id))?.replyCount).toBe(1), soon);
    expect((await api(ctx.two).detail(question.id)).replies).toHaveLength(1);

    await api(ctx.one).post(`/api/questions/${question.id}/like`, undefined, reader.headers);
    // Members see a like at once; visitors within the 5 s their copy is kept (visitor-bodies.ts).
    await vi.waitFor(async () => expect((await onTwo(question.id, author.headers))?.upvotes).toBe(1), soon);

    const admin = await userWithRole(ctx.one, ctx.database.db, 'admin');
    const deleted = await ctx.one.inject({
      method: 'DELETE',
      url: `/api/admin/questions/${question.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await vi.waitFor(async () => expect(await onTwo(question.id)).toBeUndefined(), soon);
    expect((await api(ctx.two).get(`/api/questions/${question.id}`)).statusCode).toBe(404);
  });

  it('clear the categories’ counts on the other instance when a question is asked on one', async () => {
    const housingOnTwo = async () =>
      (await api(ctx.two).get('/api/categories'))
        .json<{ categories: { slug: string; count: number }[] }>()
        .categories.find((c) => c.slug === 'housing')!.count;
    const housing = await housingOnTwo();
    await api(ctx.one).ask(author.headers, { title: 'Counted on two', category: 'housing' });
    await vi.waitFor(async () => expect(await housingOnTwo()).toBe(housing + 1), soon);
  });
});
