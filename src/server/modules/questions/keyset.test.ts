import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CategorySlug } from '../../../shared/categories';
import type { QuestionList } from '../../../shared/schemas/questions';
import { questions } from '../../db/schema';
import { useTestApp } from '../../test/helpers';
import { seedCategories } from './categories';
import { leastEngagementToReach, TRENDING_WINDOWS_HOURS, trendingScore } from './trending';
import {
  api,
  createUser,
  DAY_MS,
  HOUR_MS,
  ids,
  insertQuestions,
  RELAXED_LIMITS,
  type FastUser,
  type QuestionFixture,
} from './questions.test-helpers';

describe('leastEngagementToReach', () => {
  it('leaves out no older question that could reach the score', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-9, max: 10, noNaN: true }),
        fc.constantFrom(...TRENDING_WINDOWS_HOURS),
        fc.double({ min: 0, max: 20_000, noNaN: true }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (score, hours, olderBy, engagement) => {
          // An older question below the threshold scores less than the page's last, so it cannot belong there.
          if (engagement < leastEngagementToReach(score, hours)) {
            expect(trendingScore(engagement, 0, hours + olderBy)).toBeLessThan(score);
          }
        },
      ),
    );
  });
});

/**
 * Keyset pages over questions spread across every span trending looks at (the last week, eight weeks, 64 weeks and
 * beyond), with one old question so liked that it outranks nearly everything recent. Inserted straight into the
 * database before anything reads the feed, so no cached first page predates them.
 */
describe('keyset pages', () => {
  const t = useTestApp(RELAXED_LIMITS);
  const a = () => api(t.app);
  const now = Date.now();
  let writer: FastUser;
  const named = {} as Record<'star' | 'lane', string>;
  const topics: CategorySlug[] = ['housing', 'student-support', 'work-career', 'immigration-help'];

  beforeAll(async () => {
    await seedCategories(t.db);
    writer = await createUser(t.db, { displayName: 'Keyset Writer', ageMs: 1_200 * DAY_MS });
    const fixture: QuestionFixture[] = [];
    const add = (hours: number, engagement: number, extra: Partial<QuestionFixture> = {}) =>
      fixture.push({
        authorId: writer.id,
        title: `Keyset question ${fixture.length}${fixture.length % 3 === 0 ? ' about my bond' : ''}`,
        category: topics[fixture.length % topics.length]!,
        upvotes: Math.ceil(engagement / 2),
        replyCount: Math.floor(engagement / 2),
        createdAt: new Date(now - hours * HOUR_MS),
        ...extra,
      });
    // The last week, eight weeks, 64 weeks, and older.
    for (let i = 0; i < 30; i += 1) add(0.3 + i * 5.3, (i * 37) % 23);
    for (let i = 0; i < 12; i += 1) add((8 + i * 4) * 24 + i, (i * 13) % 40);
    for (let i = 0; i < 10; i += 1) add((60 + i * 38) * 24 + i, (i * 17) % 60);
    for (let i = 0; i < 10; i += 1) add((460 + i * 55) * 24 + i, (i * 29) % 90);
    // A topic with one question this week and the rest months and years ago.
    for (const days of [2, 20, 40, 200, 700]) add(days * 24 + 0.5, days % 7, { category: 'founders' });
    const [star] = await insertQuestions(t.db, [
      {
        authorId: writer.id,
        title: 'Keyset question everyone liked about my bond',
        category: 'housing',
        upvotes: 400_000,
        replyCount: 120,
        createdAt: new Date(now - 300 * DAY_MS),
      },
      // In the SOS lane, so on no trending page.
      {
        authorId: writer.id,
        title: 'Keyset question in the lane',
        category: 'emergency-sos',
        isUrgent: true,
        createdAt: new Date(now - 3 * HOUR_MS),
      },
    ]);
    named.star = star!.id;
    const inserted = await insertQuestions(t.db, fixture);
    expect(inserted).toHaveLength(fixture.length);
    const lane = await t.db.select({ id: questions.id }).from(questions);
    named.lane = lane.find((row) => ![named.star, ...inserted.map((q) => q.id)].includes(row.id))!.id;
  });

  /** The instant a trending listing was ranked at, which its cursor carries. */
  const rankedAt = (cursor: string | null): number =>
    Date.parse((JSON.parse(Buffer.from(cursor!, 'base64url').toString()) as { at: string }).at);

  /**
   * What a listing ranked at `at` holds, in the formula's order over every question (no window): those asked by
   * then, outside the lane, that pass `keep`.
   */
  async function expectedTrending(at: number, keep: (title: string, slug: string | null) => boolean) {
    const { rows } = await t.db.execute<{
      id: string;
      title: string;
      slug: string | null;
      upvotes: number;
      reply_count: number;
      created_at: string;
    }>(sql`select q.id, q.title, c.slug, q.upvotes, q.reply_count, q.created_at::text
      from questions q left join categories c on c.id = q.category_id`);
    return rows
      .map((row) => ({ ...row, createdAt: new Date(row.created_at).getTime() }))
      .filter((row) => row.id !== named.lane && row.createdAt <= at && keep(row.title, row.slug))
      .map((row) => ({
        id: row.id,
        createdAt: row.createdAt,
        score: trendingScore(row.upvotes, row.reply_count, (at - row.createdAt) / HOUR_MS),
      }))
      .sort((x, y) => y.score - x.score || y.createdAt - x.createdAt || (y.id < x.id ? -1 : 1))
      .map((row) => row.id);
  }

  /** Every page of a listing, with `between` run after each page but the last. */
  async function walk(query: Record<string, string | number>, between?: (page: number) => Promise<void>) {
    const pages: QuestionList[] = [];
    let cursor: string | null = null;
    do {
      const page: QuestionList = await a().list(cursor ? { ...query, cursor } : query);
      pages.push(page);
      cursor = page.nextCursor;
      if (cursor) await between?.(pages.length);
    } while (cursor && pages.length < 100);
    return pages;
  }

  it('walks trending in the formula’s order over every question, the old favourite among this week’s', async () => {
    const pages = await walk({ sort: 'trending', limit: 4 });
    const walked = pages.flatMap((page) => ids(page.questions));
    const expected = await expectedTrending(rankedAt(pages[0]!.nextCursor), () => true);
    expect(walked).toEqual(expected);
    // Past the week by far, yet ranked among the first: the span's page is not all there is.
    expect(ids(pages[0]!.questions)).toContain(named.star);
    expect(walked).not.toContain(named.lane);
  });

  it('walks a topic whose questions are mostly older than the week, and a search, in the same order', async () => {
    const topic = await walk({ sort: 'trending', category: 'founders', limit: 2 });
    expect(topic.flatMap((page) => ids(page.questions))).toEqual(
      await expectedTrending(rankedAt(topic[0]!.nextCursor), (_title, slug) => slug === 'founders'),
    );
    expect(topic.flatMap((page) => page.questions)).toHaveLength(5);

    const search = await walk({ sort: 'trending', q: 'bond', limit: 3 });
    const found = search.flatMap((page) => ids(page.questions));
    expect(found).toEqual(
      await expectedTrending(rankedAt(search[0]!.nextCursor), (title) => title.includes('bond')),
    );
    // A search lists urgent questions with the rest; none of these is.
    expect(found.length).toBeGreaterThan(20);

    // A word in one question only, read through the search indexes rather than the newest questions.
    for (const sort of ['trending', 'latest']) {
      const rare = await walk({ sort, q: 'everyone', limit: 1 });
      expect(rare.flatMap((page) => ids(page.questions))).toEqual([named.star]);
    }
  });

  it('neither repeats nor skips a question on trending while new ones are asked between pages', async () => {
    const asked: string[] = [];
    const pages = await walk({ sort: 'trending', limit: 5 }, async (page) => {
      // Brand new, so it would rank at the very top; and one in the lane.
      asked.push((await a().ask(writer.headers, { title: `Asked during the walk ${page}` })).id);
      await a().ask(writer.headers, { title: `Urgent during the walk ${page}`, isUrgent: true });
    });
    const walked = pages.flatMap((page) => ids(page.questions));
    expect(new Set(walked).size).toBe(walked.length);
    const at = rankedAt(pages[0]!.nextCursor);
    expect(walked).toEqual(await expectedTrending(at, (title) => !title.includes('during the walk')));
    for (const id of asked) expect(walked).not.toContain(id);
    // The next listing starts with them.
    const fresh = await a().list({ sort: 'trending', limit: 50 });
    expect(ids(fresh.questions)).toEqual(expect.arrayContaining(asked));
  });

  it('neither repeats nor skips a question on latest while new ones are asked between pages', async () => {
    const { rows: before } = await t.db.execute<{ id: string }>(
      sql`select id from questions order by created_at desc, id desc`,
    );
    const asked: string[] = [];
    const pages = await walk({ sort: 'latest', limit: 6 }, async (page) => {
      asked.push((await a().ask(writer.headers, { title: `Asked while reading latest ${page}` })).id);
    });
    const walked = pages.flatMap((page) => ids(page.questions));
    expect(walked).toEqual(before.map((row) => row.id));
    for (const id of asked) expect(walked).not.toContain(id);
  });
});
