import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagesEn } from '../../../shared/i18n/pages.en';
import type { CategorySlug } from '../../../shared/categories';
import { questions } from '../../db/schema';
import { DAY_MS, HOUR_MS, insertQuestions, insertReply } from '../questions/questions.test-helpers';
import { useAdminApp } from './admin.test-helpers';

/**
 * The app's clock stands still at Wednesday 18 March 2026, 12:00 in Sydney (daylight time, UTC+11): this week began
 * on Monday 16 March at 00:00 there, which is Sunday 15 March 13:00 UTC.
 */
const NOW = new Date('2026-03-18T01:00:00.000Z');
const MINUTE_MS = 60_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

const { t, api, admin, alice, bob, mentor } = useAdminApp({}, { clock: () => NOW });

type Seed = {
  title: string;
  topic: CategorySlug | null;
  language: 'en' | 'vi';
  createdAt: Date;
  isUrgent?: boolean;
  /** Replies by who and how many minutes after the question. */
  replies?: { by: 'mentor' | 'bob' | 'asker' | 'chloe'; after: number }[];
};

const SEEDS: Seed[] = [
  // Sunday 8 March, 12:00 in Sydney: the week of 2 March. Chloe's reply a minute in does not count.
  {
    title: 'A',
    topic: 'housing',
    language: 'en',
    createdAt: ago(10 * DAY_MS),
    replies: [
      { by: 'chloe', after: 1 },
      { by: 'mentor', after: 30 },
    ],
  },
  // Monday 9 March: the asker's own reply does not count, Bob's does.
  {
    title: 'B',
    topic: 'housing',
    language: 'en',
    createdAt: ago(9 * DAY_MS),
    replies: [
      { by: 'asker', after: 5 },
      { by: 'bob', after: 90 },
    ],
  },
  // Answered after 30 hours: answered, but not within 24.
  {
    title: 'C',
    topic: 'housing',
    language: 'en',
    createdAt: ago(8 * DAY_MS),
    replies: [{ by: 'mentor', after: 30 * 60 }],
  },
  // Only Chloe, for five days (a mentor's reply an hour after the clock's now is not there yet).
  {
    title: 'D',
    topic: 'housing',
    language: 'vi',
    createdAt: ago(5 * DAY_MS),
    replies: [
      { by: 'chloe', after: 2 },
      { by: 'mentor', after: 5 * 24 * 60 + 60 },
    ],
  },
  // Monday 16 March 01:00 in Sydney (still Sunday in UTC): this week. Only the asker's reply.
  {
    title: 'E',
    topic: null,
    language: 'vi',
    createdAt: new Date('2026-03-15T14:00:00.000Z'),
    replies: [{ by: 'asker', after: 10 }],
  },
  // Sunday 15 March 23:30 in Sydney: last week.
  {
    title: 'F',
    topic: null,
    language: 'vi',
    createdAt: new Date('2026-03-15T12:30:00.000Z'),
    replies: [{ by: 'mentor', after: 120 }],
  },
  // Three hours old and unanswered: not yet late, so neither for nor against the share.
  {
    title: 'G',
    topic: 'work-career',
    language: 'en',
    createdAt: ago(3 * HOUR_MS),
    isUrgent: true,
    replies: [{ by: 'chloe', after: 1 }],
  },
  // Two hours old and answered in one: counts at once.
  {
    title: 'H',
    topic: 'work-career',
    language: 'en',
    createdAt: ago(2 * HOUR_MS),
    replies: [{ by: 'mentor', after: 60 }],
  },
  // Before the 90 days: not counted, not listed.
  { title: 'I', topic: 'work-career', language: 'en', createdAt: ago(100 * DAY_MS) },
  // Saturday 17 January: the week of 12 January.
  {
    title: 'J',
    topic: 'housing',
    language: 'en',
    createdAt: ago(60 * DAY_MS),
    replies: [{ by: 'mentor', after: 20 }],
  },
  // Answered at exactly 24 hours: within.
  {
    title: 'N',
    topic: 'housing',
    language: 'vi',
    createdAt: ago(20 * DAY_MS),
    replies: [{ by: 'mentor', after: 24 * 60 }],
  },
  // Asked after the clock's now: not there yet.
  { title: 'L', topic: 'housing', language: 'en', createdAt: new Date(NOW.getTime() + HOUR_MS) },
];

const ids = new Map<string, string>();

beforeAll(async () => {
  const rows = await insertQuestions(
    t.db,
    SEEDS.map((seed) => ({
      authorId: alice.id,
      title: seed.title,
      category: seed.topic,
      isUrgent: seed.isUrgent ?? false,
      createdAt: seed.createdAt,
    })),
  );
  rows.forEach((row) => ids.set(row.title, row.id));
  const vietnamese = SEEDS.filter((seed) => seed.language === 'vi').map((seed) => ids.get(seed.title)!);
  await t.db.update(questions).set({ language: 'vi' }).where(inArray(questions.id, vietnamese));
  const authors = { mentor: mentor.id, bob: bob.id, asker: alice.id, chloe: null };
  for (const seed of SEEDS) {
    for (const reply of seed.replies ?? []) {
      await insertReply(t.db, {
        questionId: ids.get(seed.title)!,
        authorId: authors[reply.by],
        content: `A reply from ${reply.by}`,
        isAiReply: reply.by === 'chloe',
        createdAt: new Date(seed.createdAt.getTime() + reply.after * MINUTE_MS),
      });
    }
  }
});

const empty = { asked: 0, answered: 0, medianMinutes: null, within24h: null };

describe('how long people wait', () => {
  it('counts each topic and language over the last 90 days, as of the clock', async () => {
    const waiting = await api().waiting(admin);
    expect(waiting.generatedAt).toBe(NOW.toISOString());
    // Answered A 30, B 90, C 1800, F 120, H 60, J 20, N 1440 minutes; decided all but G; within A B F H J N.
    expect(waiting.overall).toEqual({ asked: 10, answered: 7, medianMinutes: 90, within24h: 6 / 9 });
    expect(waiting.topics).toEqual([
      { topic: 'housing', language: 'en', asked: 4, answered: 4, medianMinutes: 60, within24h: 0.75 },
      { topic: 'housing', language: 'vi', asked: 2, answered: 1, medianMinutes: 1440, within24h: 0.5 },
      { topic: 'work-career', language: 'en', asked: 2, answered: 1, medianMinutes: 60, within24h: 1 },
      { topic: null, language: 'vi', asked: 2, answered: 1, medianMinutes: 120, within24h: 0.5 },
    ]);
  });

  it('lists the questions no person has answered, the longest waiting first', async () => {
    const { longest } = await api().waiting(admin);
    expect(longest).toEqual([
      {
        id: ids.get('D'),
        title: 'D',
        topic: 'housing',
        language: 'vi',
        isUrgent: false,
        createdAt: ago(5 * DAY_MS).toISOString(),
      },
      {
        id: ids.get('E'),
        title: 'E',
        topic: null,
        language: 'vi',
        isUrgent: false,
        createdAt: '2026-03-15T14:00:00.000Z',
      },
      {
        id: ids.get('G'),
        title: 'G',
        topic: 'work-career',
        language: 'en',
        isUrgent: true,
        createdAt: ago(3 * HOUR_MS).toISOString(),
      },
    ]);
  });

  it('gives the last 12 weeks by Monday in Sydney, the current one last', async () => {
    const { weeks } = await api().waiting(admin);
    expect(weeks.map((week) => week.weekStart)).toEqual([
      '2025-12-29',
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
      '2026-01-26',
      '2026-02-02',
      '2026-02-09',
      '2026-02-16',
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
    ]);
    const byWeek = Object.fromEntries(weeks.map(({ weekStart, ...figures }) => [weekStart, figures]));
    expect(byWeek).toEqual({
      '2025-12-29': empty,
      '2026-01-05': empty,
      '2026-01-12': { asked: 1, answered: 1, medianMinutes: 20, within24h: 1 },
      '2026-01-19': empty,
      '2026-01-26': empty,
      '2026-02-02': empty,
      '2026-02-09': empty,
      '2026-02-16': empty,
      '2026-02-23': { asked: 1, answered: 1, medianMinutes: 1440, within24h: 1 },
      '2026-03-02': { asked: 1, answered: 1, medianMinutes: 30, within24h: 1 },
      // B 90, C 1800, D none, F 120 (Sunday night in Sydney).
      '2026-03-09': { asked: 4, answered: 3, medianMinutes: 120, within24h: 0.5 },
      // E none (Monday 01:00 in Sydney), G too young to count, H 60.
      '2026-03-16': { asked: 3, answered: 1, medianMinutes: 60, within24h: 0.5 },
    });
  });

  it('is for admins only', async () => {
    const visitor = await api().send('GET', '/api/admin/waiting');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ error: pagesEn.errors.unauthorized, code: 'UNAUTHORIZED' });
    for (const who of [alice, mentor]) {
      const response = await api().send('GET', '/api/admin/waiting', who);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: pagesEn.errors.forbidden, code: 'FORBIDDEN' });
    }
  });
});
