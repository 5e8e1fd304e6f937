import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, createTestDatabase, useTestApp } from '../../test/helpers';
import { TtlCache } from '../../lib/ttl-cache';
import {
  api,
  createUser,
  DAY_MS,
  ids,
  insertQuestions,
  RELAXED_LIMITS,
  type FastUser,
} from './questions.test-helpers';
import { seedCategories } from './categories';

/** A promise and the functions that settle it, for loads that finish when a test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('TtlCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a second read within the time limit from the cache', async () => {
    const cache = new TtlCache<string>(1_000);
    const load = vi.fn(async () => 'page 1');
    expect(await cache.get('feed', load)).toBe('page 1');
    expect(await cache.get('feed', load)).toBe('page 1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps keys apart', async () => {
    const cache = new TtlCache<string>(1_000);
    expect(await cache.get('a', async () => 'A')).toBe('A');
    expect(await cache.get('b', async () => 'B')).toBe('B');
    expect(await cache.get('a', async () => 'not loaded')).toBe('A');
  });

  it('loads again once the time limit has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const cache = new TtlCache<number>(5_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    vi.setSystemTime(new Date('2026-01-01T00:00:04.999Z'));
    expect(await cache.get('k', load)).toBe(1);
    vi.setSystemTime(new Date('2026-01-01T00:00:05.000Z'));
    expect(await cache.get('k', load)).toBe(2);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new TtlCache<string>(1_000);
    const pending = deferred<string>();
    const load = vi.fn(() => pending.promise);
    const readers = Array.from({ length: 10 }, () => cache.get('k', load));
    pending.resolve('shared');
    expect(await Promise.all(readers)).toEqual(Array.from({ length: 10 }, () => 'shared'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed load', async () => {
    const cache = new TtlCache<string>(60_000);
    const pending = deferred<string>();
    const failing = vi.fn(() => pending.promise);
    const readers = [cache.get('k', failing), cache.get('k', failing)];
    pending.reject(new Error('database down'));
    for (const reader of readers) await expect(reader).rejects.toThrow('database down');
    expect(failing).toHaveBeenCalledTimes(1);

    const working = vi.fn(async () => 'recovered');
    expect(await cache.get('k', working)).toBe('recovered');
    expect(await cache.get('k', working)).toBe('recovered');
    expect(working).toHaveBeenCalledTimes(1);
  });

  it('forgets everything on clear()', async () => {
    const cache = new TtlCache<string>(60_000);
    await cache.get('a', async () => 'old a');
    await cache.get('b', async () => 'old b');
    cache.clear();
    expect(await cache.get('a', async () => 'new a')).toBe('new a');
    expect(await cache.get('b', async () => 'new b')).toBe('new b');
  });

  it('answers a load that clear() interrupted, but does not keep its result', async () => {
    const cache = new TtlCache<string>(60_000);
    const pending = deferred<string>();
    const reader = cache.get('k', () => pending.promise);
    cache.clear(); // a write happens while the page is read
    pending.resolve('stale');
    expect(await reader).toBe('stale');
    const fresh = vi.fn(async () => 'fresh');
    expect(await cache.get('k', fresh)).toBe('fresh');
    expect(fresh).toHaveBeenCalledTimes(1);
    expect(await cache.get('k', fresh)).toBe('fresh');
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new TtlCache<string>(60_000, 2);
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('c', async () => 'c');
    expect(await cache.get('b', async () => 'b again')).toBe('b');
    expect(await cache.get('c', async () => 'c again')).toBe('c');
    expect(await cache.get('a', async () => 'a again')).toBe('a again');
  });
});

describe('the feed cache, through the API', () => {
  const t = useTestApp(RELAXED_LIMITS);
  let author: FastUser;
  let reader: FastUser;

  beforeAll(async () => {
    await seedCategories(t.db);
    author = await createUser(t.db, { displayName: 'Cache Author', ageMs: 30 * DAY_MS });
    reader = await createUser(t.db, { displayName: 'Cache Reader', ageMs: 30 * DAY_MS });
    // Straight into the database: a question asked through the API also announces the change on the realtime bus,
    // and that notice, coming back later, would clear the cache under the first test.
    await insertQuestions(
      t.db,
      [1, 2, 3].map((n) => ({ authorId: author.id, title: `Warm-up question ${n}` })),
    );
  });

  it('serves the first page from the cache: a row written behind its back does not show at once', async () => {
    // The clock stands still, so that the page cannot outlive its few seconds however slow the machine is.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const before = await api(t.app).list({ sort: 'latest' });
      expect(before.questions).toHaveLength(3);
      const [sneaky] = await insertQuestions(t.db, [
        { authorId: author.id, title: 'Inserted behind the API' },
      ]);
      expect(ids((await api(t.app).list({ sort: 'latest' })).questions)).toEqual(ids(before.questions));
      // Searches are never cached.
      expect(ids((await api(t.app).list({ q: 'behind the API' })).questions)).toEqual([sneaky!.id]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a new question on the first page as soon as it is posted', async () => {
    for (const sort of ['latest', 'trending']) await api(t.app).list({ sort });
    const question = await api(t.app).ask(author.headers, {
      title: 'Brand new question',
      category: 'housing',
    });
    expect((await api(t.app).list({ sort: 'latest' })).questions[0]?.id).toBe(question.id);
    expect(ids((await api(t.app).list({ sort: 'trending' })).questions)).toContain(question.id);
    expect(ids((await api(t.app).list({ category: 'housing' })).questions)).toContain(question.id);
  });

  it('shows an urgent question in the lane as soon as it is posted', async () => {
    await api(t.app).list();
    const question = await api(t.app).ask(author.headers, { title: 'Help right now', isUrgent: true });
    expect(ids((await api(t.app).list()).urgent)).toContain(question.id);
  });

  it('reflects a like in the list and on the question page at once', async () => {
    const question = await api(t.app).ask(author.headers, { title: 'Like me' });
    const find = async () =>
      (await api(t.app).list({ sort: 'latest' }, reader.headers)).questions.find((q) => q.id === question.id);
    expect(await find()).toMatchObject({ upvotes: 0, liked: false });
    expect((await api(t.app).detail(question.id)).upvotes).toBe(0);

    await api(t.app).post(`/api/questions/${question.id}/like`, undefined, reader.headers);
    expect(await find()).toMatchObject({ upvotes: 1, liked: true });
    expect((await api(t.app).detail(question.id, reader.headers)).upvotes).toBe(1);

    await api(t.app).post(`/api/questions/${question.id}/like`, undefined, reader.headers);
    expect(await find()).toMatchObject({ upvotes: 0, liked: false });
    expect((await api(t.app).detail(question.id)).upvotes).toBe(0);
  });

  it('reflects replies and deletions at once', async () => {
    const question = await api(t.app).ask(author.headers, { title: 'Reply to me' });
    const find = async () =>
      (await api(t.app).list({ sort: 'latest' })).questions.find((q) => q.id === question.id);
    expect((await find())?.replyCount).toBe(0);
    expect((await api(t.app).detail(question.id)).replies).toEqual([]);

    const replied = await api(t.app).reply(reader.headers, question.id, 'Here is a reply');
    expect((await find())?.replyCount).toBe(1);
    expect((await api(t.app).detail(question.id)).replies.map((r) => r.content)).toEqual(['Here is a reply']);

    await api(t.app).del(`/api/replies/${replied.replies[0]!.id}`, reader.headers);
    expect((await find())?.replyCount).toBe(0);
    expect((await api(t.app).detail(question.id)).replies).toEqual([]);

    await api(t.app).del(`/api/questions/${question.id}`, author.headers);
    expect(await find()).toBeUndefined();
    expect((await api(t.app).get(`/api/questions/${question.id}`)).statusCode).toBe(404);
  });

  it('keeps the pages of different databases apart', async () => {
    const own = await api(t.app).list({ sort: 'latest' });
    expect(own.questions.length).toBeGreaterThan(0);
    const database = await createTestDatabase();
    const app = await buildTestApp(database, RELAXED_LIMITS);
    try {
      expect((await api(app).list({ sort: 'latest' })).questions).toEqual([]);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
