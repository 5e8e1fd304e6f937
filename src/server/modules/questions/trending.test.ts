import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers';
import { api, createUser, DAY_MS, HOUR_MS, ids, insertQuestions } from './questions.test-helpers';
import { seedCategories } from './categories';
import { trendingScore } from './trending';

const count = fc.integer({ min: 0, max: 1_000_000 });
/** Ages in hours, up to about ten years. */
const age = fc.double({ min: 0, max: 90_000, noNaN: true, noDefaultInfinity: true });

describe('trendingScore', () => {
  it('is positive and finite', () => {
    fc.assert(
      fc.property(count, count, age, (upvotes, replyCount, hours) => {
        const score = trendingScore(upvotes, replyCount, hours);
        expect(Number.isFinite(score)).toBe(true);
        expect(score).toBeGreaterThan(0);
      }),
    );
  });

  it('ranks more engagement strictly higher, and equal engagement equally, at the same age', () => {
    fc.assert(
      fc.property(count, count, count, count, age, (u1, r1, u2, r2, hours) => {
        const first = trendingScore(u1, r1, hours);
        const second = trendingScore(u2, r2, hours);
        const difference = u1 + r1 - (u2 + r2);
        if (difference > 0) expect(first).toBeGreaterThan(second);
        else if (difference < 0) expect(first).toBeLessThan(second);
        else expect(first).toBe(second);
      }),
    );
  });

  it('never ranks more engagement lower, whatever the split between likes and replies', () => {
    fc.assert(
      fc.property(
        count,
        count,
        fc.integer({ min: 1, max: 1_000 }),
        age,
        (upvotes, replyCount, more, hours) => {
          const base = trendingScore(upvotes, replyCount, hours);
          expect(trendingScore(upvotes + more, replyCount, hours)).toBeGreaterThan(base);
          expect(trendingScore(upvotes, replyCount + more, hours)).toBeGreaterThan(base);
        },
      ),
    );
  });

  it('never ranks an older question higher for the same engagement', () => {
    fc.assert(
      fc.property(count, count, age, age, (upvotes, replyCount, h1, h2) => {
        const [younger, older] = h1 <= h2 ? [h1, h2] : [h2, h1];
        expect(trendingScore(upvotes, replyCount, older)).toBeLessThanOrEqual(
          trendingScore(upvotes, replyCount, younger),
        );
      }),
    );
  });

  it('ranks a question that is hours older strictly lower for the same engagement', () => {
    fc.assert(
      fc.property(count, count, age, fc.double({ min: 1, max: 1_000, noNaN: true }), (u, r, hours, extra) => {
        expect(trendingScore(u, r, hours + extra)).toBeLessThan(trendingScore(u, r, hours));
      }),
    );
  });

  it('treats a negative age (a clock ahead of the database) as brand new', () => {
    fc.assert(
      fc.property(count, count, fc.double({ min: -1_000, max: 0, noNaN: true }), (u, r, hours) => {
        expect(trendingScore(u, r, hours)).toBe(trendingScore(u, r, 0));
      }),
    );
  });

  it('follows the formula of DESIGN.md', () => {
    expect(trendingScore(0, 0, 0)).toBeCloseTo(1 / Math.pow(2, 1.5), 12);
    expect(trendingScore(5, 2, 7)).toBeCloseTo(8 / 27, 12);
    expect(trendingScore(26, 0, 7)).toBeCloseTo(1, 12);
  });
});

describe('GET /api/questions?sort=trending', () => {
  const t = useTestApp();
  const now = Date.now();
  const sameMoment = new Date(now - 3 * HOUR_MS);
  const fixture = [
    { title: 'fresh, nothing yet', upvotes: 0, replyCount: 0, hours: 0.1 },
    { title: 'an hour old, some likes', upvotes: 6, replyCount: 1, hours: 1 },
    { title: 'half a day, popular', upvotes: 40, replyCount: 12, hours: 12 },
    { title: 'a day old, very popular', upvotes: 90, replyCount: 30, hours: 24 },
    { title: 'a week old, hugely popular', upvotes: 400, replyCount: 80, hours: 7 * 24 },
    { title: 'five hours, replies only', upvotes: 0, replyCount: 9, hours: 5 },
    { title: 'a month old, quiet', upvotes: 2, replyCount: 0, hours: 30 * 24 },
    { title: 'tie A', upvotes: 3, replyCount: 3, hours: 3 },
    { title: 'tie B', upvotes: 4, replyCount: 2, hours: 3 },
  ];
  let rows: { id: string; upvotes: number; replyCount: number; createdAt: Date }[];

  beforeAll(async () => {
    await seedCategories(t.db);
    const author = await createUser(t.db, { ageMs: 60 * DAY_MS });
    rows = await insertQuestions(
      t.db,
      fixture.map((f) => ({
        authorId: author.id,
        title: f.title,
        upvotes: f.upvotes,
        replyCount: f.replyCount,
        createdAt: f.hours === 3 ? sameMoment : new Date(now - f.hours * HOUR_MS),
      })),
    );
  });

  /** The order the formula gives at `at`: score, then newest, then the larger id (as the SQL does). */
  function expectedOrder(at: number): string[] {
    return rows
      .map((row) => ({
        id: row.id,
        createdAt: row.createdAt.getTime(),
        score: trendingScore(row.upvotes, row.replyCount, (at - row.createdAt.getTime()) / HOUR_MS),
      }))
      .sort((x, y) => y.score - x.score || y.createdAt - x.createdAt || (y.id < x.id ? -1 : 1))
      .map((row) => row.id);
  }

  it('orders the questions as the formula says', async () => {
    const before = expectedOrder(Date.now());
    const page = await api(t.app).list({ sort: 'trending' });
    expect(expectedOrder(Date.now())).toEqual(before); // no near-ties in the fixture
    expect(ids(page.questions)).toEqual(before);
    expect(page.nextCursor).toBeNull();
    // A sanity check on the fixture: neither newest-first nor most-liked-first.
    expect(before).not.toEqual(ids((await api(t.app).list({ sort: 'latest' })).questions));
    const byEngagement = [...rows]
      .sort((x, y) => y.upvotes + y.replyCount - (x.upvotes + x.replyCount))
      .map((row) => row.id);
    expect(before).not.toEqual(byEngagement);
  });

  it('breaks exact ties by the larger id', async () => {
    const order = ids((await api(t.app).list({ sort: 'trending' })).questions);
    const ties = rows.filter((row) => row.createdAt.getTime() === sameMoment.getTime()).map((row) => row.id);
    expect(ties).toHaveLength(2);
    const [high, low] = [...ties].sort().reverse();
    expect(order.indexOf(high!)).toBe(order.indexOf(low!) - 1);
  });

  it('keeps the same order across pages', async () => {
    const pages = await api(t.app).walk({ sort: 'trending', limit: 2 });
    expect(pages).toHaveLength(Math.ceil(rows.length / 2));
    expect(pages.flatMap((page) => ids(page.questions))).toEqual(expectedOrder(Date.now()));
  });
});
