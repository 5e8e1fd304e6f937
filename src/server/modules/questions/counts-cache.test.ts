import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CategoriesResponse } from '../../../shared/schemas/questions';
import type { CommunityStats } from '../../../shared/schemas/content';
import { useTestApp } from '../../test/helpers';
import { COUNTS_TTL_MS } from '../../lib/ttl-cache';
import { seedCategories } from './categories';
import {
  api,
  createUser,
  DAY_MS,
  insertQuestions,
  RELAXED_LIMITS,
  type FastUser,
} from './questions.test-helpers';

/**
 * The categories' counts and the community's are counted once and kept. A write through the app clears the
 * categories' on every instance (cache.instances.test.ts), a like does not, and rows written behind the app's back
 * show within the minute; the community's are counted again each minute only.
 */
/** Asks until the answer is true: a count made in the background lands a moment later. */
async function until(check: () => Promise<boolean>) {
  for (let tries = 0; !(await check()); tries += 1) {
    if (tries > 100) throw new Error('never came true');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the counts caches', () => {
  const t = useTestApp(RELAXED_LIMITS);
  const a = () => api(t.app);
  let author: FastUser;
  let reader: FastUser;

  const categories = async () => (await a().get('/api/categories')).json<CategoriesResponse>();
  const housing = async () => {
    const { categories: list, total } = await categories();
    return { housing: list.find((c) => c.slug === 'housing')!.count, total };
  };
  const stats = async () => (await a().get('/api/stats/community')).json<CommunityStats>();

  beforeAll(async () => {
    await seedCategories(t.db);
    author = await createUser(t.db, { displayName: 'Counted Author', ageMs: 30 * DAY_MS });
    reader = await createUser(t.db, { displayName: 'Counted Reader', ageMs: 30 * DAY_MS });
    await insertQuestions(t.db, [
      { authorId: author.id, title: 'Counted from the start', category: 'housing' },
    ]);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  // The first three write nothing through the app that clears the counts: a question asked through it also
  // announces the change on the realtime bus, and that notice, coming back later, would clear them under a test.
  let fixture: string;

  it('counts once and answers from the cache', async () => {
    // The clock stands still, so that the counts cannot outlive their minute however slow the machine is.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect(await housing()).toEqual({ housing: 1, total: 1 });
    const before = await stats();
    expect(before).toMatchObject({ members: 2, questionsAnswered: 0 });
    await insertQuestions(t.db, [{ authorId: author.id, title: 'Behind the app', category: 'housing' }]);
    await createUser(t.db, { displayName: 'Quiet Newcomer' });
    expect(await housing()).toEqual({ housing: 1, total: 1 });
    expect(await stats()).toEqual(before);
  });

  it('keeps the counts through a like, which moves none of them, while the feed shows the like', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    fixture = (await a().list({ sort: 'latest' })).questions.find(
      (q) => q.title === 'Counted from the start',
    )!.id;
    const liked = await a().post(`/api/questions/${fixture}/like`, undefined, reader.headers);
    expect(liked.statusCode).toBe(200);
    expect(await housing()).toEqual({ housing: 1, total: 1 });
    expect((await stats()).members).toBe(2);
    // A member's feed shows the like at once (a visitor's within 5 s: visitor-bodies.ts).
    const listed = (await a().list({ sort: 'latest' }, author.headers)).questions.find(
      (q) => q.id === fixture,
    );
    expect(listed?.upvotes).toBe(1);
    const visitorSees = async () =>
      (await a().list({ sort: 'latest' })).questions.find((q) => q.id === fixture)?.upvotes;
    expect(await visitorSees()).toBe(0);
    vi.setSystemTime(Date.now() + 5_000);
    expect(await visitorSees()).toBe(1);
  });

  it('counts again once the minute has passed, for what nothing announced', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    vi.setSystemTime(Date.now() + COUNTS_TTL_MS);
    expect(await housing()).toEqual({ housing: 2, total: 2 });
    // The community's counts answer at once with the last ones, while they are counted again.
    expect((await stats()).members).toBe(2);
    await until(async () => (await stats()).members === 3);
  });

  it('counts a question asked through the app at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    await housing();
    await a().ask(author.headers, { title: 'Asked through the app', category: 'housing' });
    expect(await housing()).toEqual({ housing: 3, total: 3 });
  });

  it('counts the community once a minute, whatever is written meanwhile (a million questions take long)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const answered = (await stats()).questionsAnswered;
    const replied = await a().reply(reader.headers, fixture, 'Here is what worked for me.');
    expect((await stats()).questionsAnswered).toBe(answered);
    // Well past the minute of any count made in the tests before.
    vi.setSystemTime(Date.now() + 10 * COUNTS_TTL_MS);
    await until(async () => (await stats()).questionsAnswered === answered + 1);
    await a().del(`/api/replies/${replied.replies[0]!.id}`, reader.headers);
    vi.setSystemTime(Date.now() + COUNTS_TTL_MS);
    await until(async () => (await stats()).questionsAnswered === answered);
  });

  it('counts a deleted question out at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const question = await a().ask(author.headers, { title: 'Soon gone', category: 'housing' });
    const counted = await housing();
    await a().del(`/api/questions/${question.id}`, author.headers);
    expect(await housing()).toEqual({ housing: counted.housing - 1, total: counted.total - 1 });
  });
});
