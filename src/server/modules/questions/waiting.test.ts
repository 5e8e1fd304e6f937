import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitingEn } from '../../../shared/i18n/waiting.en';
import { waitingVi } from '../../../shared/i18n/waiting.vi';
import type { WaitingPage } from '../../../shared/schemas/mentoring';
import type { QuestionDetail } from '../../../shared/schemas/questions';
import { questionClaims, questions, users } from '../../db/schema';
import { useTestApp } from '../../test/helpers';
import { testClock } from '../../test/mail';
import { seedCategories } from './categories';
import {
  api,
  createUser,
  DAY_MS,
  HOUR_MS,
  insertQuestions,
  insertReply,
  RELAXED_LIMITS,
  type FastUser,
} from './questions.test-helpers';

const clock = testClock();
const t = useTestApp(RELAXED_LIMITS, false, { clock: clock.now });
const a = () => api(t.app);
let student: FastUser;
let mentor: FastUser;
let other: FastUser;
let unverified: FastUser;
/** The questions by name, oldest first as inserted. */
const q: Record<string, string> = {};

beforeAll(async () => {
  await seedCategories(t.db);
  student = await createUser(t.db, { displayName: 'Lan Student', ageMs: 30 * DAY_MS });
  mentor = await createUser(t.db, { displayName: 'Minh Mentor', role: 'mentor', ageMs: 30 * DAY_MS });
  other = await createUser(t.db, { displayName: 'Hoa Mentor', role: 'mentor', ageMs: 30 * DAY_MS });
  unverified = await createUser(t.db, { displayName: 'New Mentor', role: 'mentor' });
  await t.db.update(users).set({ mentorVerifiedAt: null }).where(eq(users.id, unverified.id));
  await t.db
    .update(users)
    .set({ topics: ['work-career'], languages: ['en', 'zh'] })
    .where(eq(users.id, mentor.id));
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR_MS);
  const rows = await insertQuestions(t.db, [
    { authorId: student.id, title: 'old other topic', category: 'housing', createdAt: at(50) },
    { authorId: student.id, title: 'matching newer', category: 'work-career', createdAt: at(3) },
    { authorId: student.id, title: 'matching older', category: 'work-career', createdAt: at(30) },
    { authorId: student.id, title: 'sos newer', category: 'housing', isUrgent: true, createdAt: at(1) },
    { authorId: student.id, title: 'sos older', category: 'housing', isUrgent: true, createdAt: at(2) },
    { authorId: student.id, title: 'topic wrong language', category: 'work-career', createdAt: at(40) },
    { authorId: student.id, title: 'answered', category: 'work-career', createdAt: at(60) },
    { authorId: student.id, title: 'chloe only', category: 'housing', createdAt: at(4) },
    { authorId: mentor.id, title: 'mentor own', category: 'work-career', createdAt: at(70) },
  ]);
  for (const row of rows) q[row.title] = row.id;
  await t.db.update(questions).set({ language: 'vi' }).where(eq(questions.id, q['topic wrong language']!));
  await insertReply(t.db, { questionId: q.answered!, authorId: other.id, content: 'Here is how.' });
  await insertReply(t.db, {
    questionId: q['chloe only']!,
    authorId: null,
    content: 'Chloe says hi.',
    isAiReply: true,
  });
  await insertReply(t.db, { questionId: q['chloe only']!, authorId: student.id, content: 'Anyone?' });
});

const waiting = async (who: FastUser, cursor?: string) => {
  const response = await a().get(`/api/mentor/waiting${cursor ? `?cursor=${cursor}` : ''}`, who.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WaitingPage>();
};

/** Every page of the list, as one. */
const allWaiting = async (who: FastUser) => {
  const items: WaitingPage['questions'] = [];
  let cursor: string | undefined;
  do {
    const page = await waiting(who, cursor);
    items.push(...page.questions);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
};

describe('GET /api/mentor/waiting', () => {
  it('lists SOS first, then the mentor’s topics and languages, then the oldest, leaving out answered and own', async () => {
    const page = await waiting(mentor);
    expect(page.questions.map((item) => item.title)).toEqual([
      'sos older',
      'sos newer',
      'matching older',
      'matching newer',
      'old other topic',
      'topic wrong language',
      'chloe only',
    ]);
    expect(page.total).toBe(7);
    expect(page.nextCursor).toBeNull();
    const matching = page.questions.find((item) => item.title === 'matching older')!;
    expect(matching).toMatchObject({
      matches: true,
      categorySlug: 'work-career',
      language: 'en',
      claim: null,
    });
    expect(matching.waitingSeconds).toBeGreaterThanOrEqual(30 * 3600 - 5);
    expect(page.questions.find((item) => item.title === 'topic wrong language')!.matches).toBe(false);
  });

  it('pages with the cursor in the same order, without repeats', async () => {
    await insertQuestions(
      t.db,
      Array.from({ length: 25 }, (_, i) => ({
        authorId: student.id,
        title: `bulk ${i}`,
        category: 'work-career' as const,
        createdAt: new Date(Date.now() - (100 + i) * HOUR_MS),
      })),
    );
    const first = await waiting(mentor);
    expect(first.questions).toHaveLength(20);
    expect(first.total).toBe(32);
    const second = await waiting(mentor, first.nextCursor!);
    expect(second.nextCursor).toBeNull();
    const titles = [...first.questions, ...second.questions].map((item) => item.title);
    expect(new Set(titles).size).toBe(32);
    expect(titles.slice(0, 4)).toEqual(['sos older', 'sos newer', 'bulk 24', 'bulk 23']);
    expect(titles.indexOf('matching newer')).toBeLessThan(titles.indexOf('old other topic'));
    const bad = await a().get('/api/mentor/waiting?cursor=nonsense', mentor.headers);
    expect(bad.statusCode).toBe(400);
  });

  it('matches a Chinese question to a mentor who helps in Chinese (their profile says zh)', async () => {
    const [row] = await insertQuestions(t.db, [
      { authorId: student.id, title: '找兼职要注意什么', category: 'work-career', createdAt: new Date() },
    ]);
    await t.db.update(questions).set({ language: 'zh-Hans' }).where(eq(questions.id, row!.id));
    const item = (await allWaiting(mentor)).find((question) => question.id === row!.id)!;
    expect(item).toMatchObject({ language: 'zh-Hans', matches: true });
  });

  it('is for verified mentors only', async () => {
    expect((await a().get('/api/mentor/waiting')).statusCode).toBe(401);
    expect((await a().get('/api/mentor/waiting', student.headers)).statusCode).toBe(403);
    const response = await a().get('/api/mentor/waiting', { ...unverified.headers, 'accept-language': 'vi' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: waitingVi.errors.verifiedMentorsOnly });
  });
});

describe('claims', () => {
  const claim = (who: FastUser, id: string) => a().post(`/api/questions/${id}/claim`, undefined, who.headers);
  const detail = (id: string, who?: FastUser) => a().detail(id, who?.headers);

  it('takes a question for 30 minutes, shown to everyone without saying who', async () => {
    const id = q['matching newer']!;
    const response = await claim(mentor, id);
    expect(response.statusCode).toBe(200);
    const expiresAt = response.json<{ claim: { expiresAt: string } }>().claim.expiresAt;
    expect(new Date(expiresAt).getTime() - clock.now().getTime()).toBeGreaterThan(29 * 60_000);
    expect((await detail(id, mentor)).claim).toEqual({ mine: true, expiresAt });
    expect((await detail(id, student)).claim).toEqual({ mine: false, expiresAt });
    expect((await detail(id)).claim).toEqual({ mine: false, expiresAt });
    expect(JSON.stringify(await detail(id, student))).not.toContain(mentor.id);
    const listed = (await allWaiting(mentor)).find((item) => item.id === id)!;
    expect(listed.claim).toEqual({ mine: true, expiresAt });
    const theirs = (await allWaiting(other)).find((item) => item.id === id)!;
    expect(theirs.claim).toEqual({ mine: false, expiresAt });
  });

  it('refuses another mentor with 409, and renews for the same mentor', async () => {
    const id = q['matching newer']!;
    const refused = await a().post(`/api/questions/${id}/claim`, undefined, {
      ...other.headers,
      'accept-language': 'en',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'QUESTION_CLAIMED', error: waitingEn.errors.claimed });
    clock.advance(10 * 60_000);
    try {
      const renewed = await claim(mentor, id);
      expect(renewed.statusCode).toBe(200);
      const expiresAt = new Date(renewed.json<{ claim: { expiresAt: string } }>().claim.expiresAt);
      expect(expiresAt.getTime() - clock.now().getTime()).toBeGreaterThan(29 * 60_000);
    } finally {
      clock.reset();
    }
  });

  it('is released by its mentor, and only by them', async () => {
    const id = q['matching newer']!;
    expect((await a().del(`/api/questions/${id}/claim`, other.headers)).statusCode).toBe(204);
    expect((await detail(id, mentor)).claim?.mine).toBe(true);
    expect((await a().del(`/api/questions/${id}/claim`, mentor.headers)).statusCode).toBe(204);
    expect((await detail(id, mentor)).claim).toBeNull();
    expect((await a().del(`/api/questions/${id}/claim`, mentor.headers)).statusCode).toBe(204);
    expect((await claim(other, id)).statusCode).toBe(200);
    await a().del(`/api/questions/${id}/claim`, other.headers);
  });

  it('ends when it expires, and another mentor may take it then', async () => {
    const id = q['old other topic']!;
    expect((await claim(mentor, id)).statusCode).toBe(200);
    clock.advance(31 * 60_000);
    try {
      expect((await detail(id, student)).claim).toBeNull();
      expect((await allWaiting(other)).find((item) => item.id === id)!.claim).toBeNull();
      expect((await claim(other, id)).statusCode).toBe(200);
    } finally {
      clock.reset();
    }
    expect((await detail(id, other)).claim?.mine).toBe(true);
  });

  it('ends when its mentor replies, and a question a person answered cannot be claimed', async () => {
    const id = q['sos older']!;
    expect((await claim(mentor, id)).statusCode).toBe(200);
    const replied: QuestionDetail = await a().reply(mentor.headers, id, 'Call 000 if you are in danger.');
    expect(replied.claim).toBeNull();
    const rows = await t.db
      .select()
      .from(questionClaims)
      .where(inArray(questionClaims.questionId, [id]));
    expect(rows).toEqual([]);
    const again = await claim(other, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'QUESTION_ANSWERED' });
    expect((await allWaiting(mentor)).map((item) => item.id)).not.toContain(id);
  });

  it('is for verified mentors, on a question that exists', async () => {
    const id = q['sos newer']!;
    expect((await a().post(`/api/questions/${id}/claim`)).statusCode).toBe(401);
    expect((await claim(student, id)).statusCode).toBe(403);
    expect((await claim(unverified, id)).statusCode).toBe(403);
    expect((await claim(mentor, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
