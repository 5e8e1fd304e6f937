import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CategorySlug } from '../../../shared/categories';
import { pagesEn } from '../../../shared/i18n/pages.en';
import { questions } from '../../db/schema';
import { useTestApp } from '../../test/helpers';
import { seedCategories } from './categories';
import { trendingScore } from './trending';
import {
  api,
  createUser,
  createUsers,
  DAY_MS,
  HOUR_MS,
  ids,
  insertQuestions,
  insertReply,
  RELAXED_LIMITS,
  type FastUser,
} from './questions.test-helpers';

/** Chloe's answer to one question: a heading, a list, a link, and more than a card shows. */
const CHLOE_ANSWER = [
  '**Seeing a GP**',
  '',
  '- Book with a GP clinic near you; **bulk billing** means Medicare pays the whole visit.',
  '- Students on a student visa show their [OSHC card](https://www.privatehealth.gov.au/health_insurance/overseas/overseas_student_health_cover.htm).',
  '',
  'Long text. '.repeat(200),
].join('\n');

/**
 * The feed, in a database of its own: its rows are inserted straight into the database (varied ages and
 * counts, past the posting limits) before anything reads the feed, so no cached first page predates them.
 */
describe('GET /api/questions', () => {
  const l = useTestApp(RELAXED_LIMITS);
  const la = () => api(l.app);
  const now = Date.now();
  const ago = (hours: number) => new Date(now - hours * HOUR_MS);
  let writer: FastUser;
  let viewer: FastUser;
  let other: FastUser;
  /** Every question of the feed that is outside the SOS lane, and the lane's. */
  let feedIds: string[];
  const named = {} as Record<'rent' | 'vi' | 'tag' | 'oldUrgent' | 'sos' | 'flood' | 'evicted', string>;
  const regularCategories: CategorySlug[] = ['housing', 'student-support', 'work-career', 'immigration-help'];

  beforeAll(async () => {
    await seedCategories(l.db);
    writer = await createUser(l.db, { displayName: 'Feed Writer', ageMs: 30 * DAY_MS });
    const readers = await createUsers(l.db, 2, { displayName: 'Reader' });
    viewer = readers[0]!;
    other = readers[1]!;
    const regular = await insertQuestions(
      l.db,
      Array.from({ length: 25 }, (_, i) => ({
        authorId: writer.id,
        title: `Regular question number ${i}`,
        content: 'Filler text for the feed.',
        category: regularCategories[i % regularCategories.length]!,
        upvotes: (i * 7) % 11,
        replyCount: (i * 3) % 5,
        createdAt: ago(0.2 + i * 0.9),
      })),
    );
    const special = await insertQuestions(l.db, [
      {
        authorId: writer.id,
        title: 'Bond and lease worries',
        content: 'Is the weekly rent fair for a studio in Carlton?',
        category: 'housing',
        upvotes: 2,
        createdAt: ago(30),
      },
      {
        authorId: writer.id,
        title: 'Tìm phòng trọ gần trường',
        content: 'Mình cần tìm phòng trọ giá rẻ ở Melbourne, ai biết chỉ giúp với.',
        category: 'housing',
        createdAt: ago(31),
      },
      {
        authorId: writer.id,
        title: 'Seeing a doctor for the first time',
        content: 'How do I book an appointment?',
        category: 'health-well-being',
        tags: ['medicare', 'gp'],
        createdAt: ago(32),
      },
      {
        authorId: writer.id,
        title: 'Urgent but old: lost passport',
        content: 'This happened last week.',
        category: 'emergency-sos',
        isUrgent: true,
        upvotes: 4,
        createdAt: ago(100),
      },
    ]);
    const lane = await insertQuestions(l.db, [
      {
        authorId: writer.id,
        title: 'SOS right now',
        category: 'emergency-sos',
        isUrgent: true,
        createdAt: ago(2),
      },
      {
        authorId: writer.id,
        title: 'Flooded apartment tonight',
        content: 'Water is coming in.',
        category: 'emergency-sos',
        isUrgent: true,
        createdAt: ago(5),
      },
      {
        authorId: writer.id,
        title: 'Evicted in three days',
        category: 'housing',
        isUrgent: true,
        createdAt: ago(70),
      },
    ]);
    const [rent, vi, tag, oldUrgent] = special.map((q) => q.id);
    const [sos, flood, evicted] = lane.map((q) => q.id);
    Object.assign(named, { rent, vi, tag, oldUrgent, sos, flood, evicted });
    await insertReply(l.db, { questionId: tag!, authorId: null, isAiReply: true, content: CHLOE_ANSWER });
    feedIds = [...regular, ...special].map((q) => q.id);
  });

  const sorted = (list: string[]) => [...list].sort();

  /**
   * The instant a trending listing was ranked at, which its cursor carries for every page after the first. Scores
   * change with age, and some of the fixture's cross within minutes: the expected order is the one at that instant.
   */
  const rankedAt = (cursor: string | null): number =>
    Date.parse((JSON.parse(Buffer.from(cursor!, 'base64url').toString()) as { at: string }).at);

  /** The feed's rows outside the lane, in the order the trending formula gives at `at`. */
  async function expectedTrending(at: number): Promise<string[]> {
    const rows = await l.db
      .select({
        id: questions.id,
        upvotes: questions.upvotes,
        replyCount: questions.replyCount,
        createdAt: questions.createdAt,
      })
      .from(questions);
    const inFeed = new Set(feedIds);
    return rows
      .filter((row) => inFeed.has(row.id))
      .map((row) => ({
        ...row,
        score: trendingScore(row.upvotes, row.replyCount, (at - row.createdAt.getTime()) / HOUR_MS),
      }))
      .sort(
        (x, y) =>
          y.score - x.score || y.createdAt.getTime() - x.createdAt.getTime() || (y.id < x.id ? -1 : 1),
      )
      .map((row) => row.id);
  }

  it('sorts by trending by default, 20 to a page', async () => {
    const page = await la().list();
    expect(page.questions).toHaveLength(20);
    expect(page.nextCursor).toEqual(expect.any(String));
    expect(ids(page.questions)).toEqual((await expectedTrending(rankedAt(page.nextCursor))).slice(0, 20));
    expect(ids((await la().list({ sort: 'trending' })).questions)).toEqual(ids(page.questions));
  });

  it('sorts everything newest first with sort=latest, with nothing pinned above it', async () => {
    const page = await la().list({ sort: 'latest', limit: 50 });
    const times = page.questions.map((q) => Date.parse(q.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const lane = [named.sos!, named.flood!, named.evicted!];
    expect(sorted(ids(page.questions))).toEqual(sorted([...feedIds, ...lane]));
    expect(page.urgent).toEqual([]);
    expect(page.questions[0]?.title).toBe('Regular question number 0');
    expect(page.nextCursor).toBeNull();
  });

  it('takes a limit of 1 to 50', async () => {
    expect((await la().list({ limit: 50 })).questions).toHaveLength(feedIds.length);
    expect((await la().list({ limit: 1 })).questions).toHaveLength(1);
    for (const limit of ['51', '0', '-1', '2.5', 'ten']) {
      const response = await la().get(`/api/questions?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
  });

  it.each(['latest', 'trending'] as const)(
    'walks every question exactly once with the cursor, sort=%s',
    async (sort) => {
      const pages = await la().walk({ sort, limit: 7 });
      // Latest has no lane: the recent SOS questions are walked with the rest.
      const expected = sort === 'latest' ? [...feedIds, named.sos!, named.flood!, named.evicted!] : feedIds;
      expect(pages).toHaveLength(Math.ceil(expected.length / 7));
      const walked = pages.flatMap((page) => ids(page.questions));
      expect(walked).toHaveLength(expected.length);
      expect(sorted(walked)).toEqual(sorted(expected));
      expect(pages[0]!.urgent.length).toBe(sort === 'latest' ? 0 : 3);
      expect(pages.slice(1).every((page) => page.urgent.length === 0)).toBe(true);
      if (sort === 'latest') {
        const times = pages.flatMap((page) => page.questions.map((q) => Date.parse(q.createdAt)));
        expect(times).toEqual([...times].sort((x, y) => y - x));
      } else {
        expect(walked).toEqual(await expectedTrending(rankedAt(pages[0]!.nextCursor)));
      }
    },
  );

  it('refuses a cursor it did not make with 400', async () => {
    const latest = (await la().list({ sort: 'latest', limit: 5 })).nextCursor!;
    const trending = (await la().list({ sort: 'trending', limit: 5 })).nextCursor!;
    for (const [sort, cursor] of [
      ['latest', 'garbage'],
      ['trending', 'garbage'],
      ['latest', Buffer.from('{"createdAt":"yesterday"}').toString('base64url')],
      ['trending', Buffer.from('[1,2,3]').toString('base64url')],
      ['trending', latest],
      ['latest', trending],
      [
        'latest',
        Buffer.from(`{"createdAt":"2026-01-01T00:00:00.000Z","id":"${'-'.repeat(36)}"}`).toString(
          'base64url',
        ),
      ],
      ['latest', Buffer.from(`{"createdAt":"1","id":"${randomUUID()}"}`).toString('base64url')],
      [
        'latest',
        Buffer.from(`{"createdAt":"+275760-09-13T00:00:00.000Z","id":"${randomUUID()}"}`).toString(
          'base64url',
        ),
      ],
      ['trending', Buffer.from('{"at":"2026-01-01T00:00:00.000Z","offset":1e300}').toString('base64url')],
      [
        'trending',
        Buffer.from(`{"at":"2026-01-01T00:00:00.000Z","offset":${2 ** 63}}`).toString('base64url'),
      ],
      ['trending', Buffer.from('{"at":"1","offset":0}').toString('base64url')],
    ]) {
      const response = await la().get(`/api/questions?sort=${sort}&cursor=${encodeURIComponent(cursor!)}`);
      expect(response.statusCode, `${sort} ${cursor}`).toBe(400);
      expect(response.json()).toEqual({ error: pagesEn.validation.cursorInvalid, code: 'VALIDATION' });
    }
  });

  it('filters by category, in the lane too', async () => {
    const page = await la().list({ category: 'housing', limit: 50 });
    expect(page.questions.every((q) => q.categorySlug === 'housing')).toBe(true);
    // 7 of the 25 regular ones, the rent question and the Vietnamese one; the recent SOS one is in the lane.
    expect(page.questions).toHaveLength(9);
    expect(ids(page.urgent)).toEqual([named.evicted]);

    const sos = await la().list({ category: 'emergency-sos' });
    expect(ids(sos.questions)).toEqual([named.oldUrgent]);
    expect(ids(sos.urgent)).toEqual([named.sos, named.flood]);
    const latest = await la().list({ category: 'emergency-sos', sort: 'latest' });
    expect(ids(latest.questions)).toEqual([named.sos, named.flood, named.oldUrgent]);

    const unknown = await la().get('/api/questions?category=astrology');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: pagesEn.validation.categoryInvalid, code: 'VALIDATION' });
  });

  it('keeps urgent questions of the last 72 hours in their own lane on trending, newest first', async () => {
    {
      const page = await la().list({ sort: 'trending', limit: 50 });
      expect(ids(page.urgent)).toEqual([named.sos, named.flood, named.evicted]);
      expect(page.urgent.every((q) => q.isUrgent)).toBe(true);
      const listed = ids(page.questions);
      for (const id of [named.sos, named.flood, named.evicted]) expect(listed).not.toContain(id);
      // An older SOS question competes with the others.
      expect(page.questions.find((q) => q.id === named.oldUrgent)?.isUrgent).toBe(true);
    }
  });

  it('searches English with stemming, Vietnamese with diacritics, and tags', async () => {
    const search = async (q: string) => la().list({ q, limit: 50 });
    expect(ids((await search('renting')).questions)).toEqual([named.rent]);
    expect(ids((await search('rents')).questions)).toEqual([named.rent]);
    expect(ids((await search('phòng trọ')).questions)).toEqual([named.vi]);
    expect(ids((await search('trọ')).questions)).toEqual([named.vi]);
    expect(ids((await search('medicare')).questions)).toEqual([named.tag]);
    expect((await search('xylophone quasar')).questions).toEqual([]);
    const regular = await search('regular question');
    expect(regular.questions).toHaveLength(25);
  });

  it('searches the urgent questions too, listing them among the results', async () => {
    const result = await la().list({ q: 'flooded' });
    expect(ids(result.questions)).toEqual([named.flood]);
    expect(result.questions[0]?.isUrgent).toBe(true);
    expect(result.urgent).toEqual([]);
  });

  it('marks what each viewer liked and saved, in the lane too', async () => {
    const target = feedIds[3]!;
    const saved = feedIds[5]!;
    expect((await la().post(`/api/questions/${target}/like`, undefined, viewer.headers)).statusCode).toBe(
      200,
    );
    expect((await la().post(`/api/questions/${named.sos}/like`, undefined, viewer.headers)).statusCode).toBe(
      200,
    );
    expect((await la().post(`/api/questions/${saved}/bookmark`, undefined, viewer.headers)).statusCode).toBe(
      200,
    );

    const mine = await la().list({ sort: 'latest', limit: 50 }, viewer.headers);
    const flags = new Map([...mine.questions, ...mine.urgent].map((q) => [q.id, [q.liked, q.bookmarked]]));
    expect(flags.get(target)).toEqual([true, false]);
    expect(flags.get(saved)).toEqual([false, true]);
    expect(flags.get(named.sos)).toEqual([true, false]);
    const flagged = [...flags].filter(([, [liked, saved]]) => liked || saved).map(([id]) => id);
    expect(sorted(flagged)).toEqual(sorted([target, saved, named.sos]));

    for (const headers of [other.headers, {}]) {
      const page = await la().list({ sort: 'latest', limit: 50 }, headers);
      expect([...page.questions, ...page.urgent].some((q) => q.liked || q.bookmarked)).toBe(false);
    }
    // Search pages carry the flags as well.
    const found = await la().list({ q: 'regular question', limit: 50 }, viewer.headers);
    expect(found.questions.find((q) => q.id === target)?.liked).toBe(true);
  });

  it('carries the start of Chloe’s answer as plain text, the question page all of it', async () => {
    const { questions: page } = await la().list({ sort: 'latest', limit: 50 });
    const [card] = page.find((q) => q.id === named.tag)!.replies;
    expect(card!.isAiReply).toBe(true);
    expect(card!.content).toMatch(
      /^Seeing a GP · Book with a GP clinic near you; bulk billing means Medicare pays the whole visit\. Students on a student visa show their OSHC card\. Long text\./,
    );
    expect(card!.content.length).toBeLessThanOrEqual(301);
    expect(card!.content.endsWith('…')).toBe(true);
    expect((await la().detail(named.tag)).replies.find((r) => r.isAiReply)!.content).toBe(CHLOE_ANSWER);
  });

  it('counts the questions of each category', async () => {
    const { categories } = (await la().get('/api/categories')).json<{
      categories: { slug: string; count: number }[];
    }>();
    expect(Object.fromEntries(categories.map((c) => [c.slug, c.count]))).toEqual({
      'immigration-help': 6,
      'student-support': 6,
      housing: 7 + 2 + 1,
      'health-well-being': 1,
      'work-career': 6,
      founders: 0,
      'emergency-sos': 3,
    });
  });
});
