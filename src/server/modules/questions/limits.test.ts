import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagesEn } from '../../../shared/i18n/pages.en';
import { pagesVi } from '../../../shared/i18n/pages.vi';
import { questions, replies, users } from '../../db/schema';
import { bearer, buildTestApp, signUp, useTestApp } from '../../test/helpers';
import { api, createUser, DAY_MS, HOUR_MS } from './questions.test-helpers';
import { seedCategories } from './categories';

/** The application's default posting limits: 2 minutes between questions, 30 s between replies, 3 and 10 a day for new accounts. */
const t = useTestApp();
/** The same database with no interval, so the daily limits of new accounts can be reached. */
let noInterval: FastifyInstance;

beforeAll(async () => {
  await seedCategories(t.db);
  noInterval = await buildTestApp(t.database, {
    QUESTION_INTERVAL_SECONDS: '0',
    REPLY_INTERVAL_SECONDS: '0',
  });
  await noInterval.ready();
});

afterAll(async () => {
  await noInterval?.close();
});

const fill = (template: string, values: Record<string, number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

async function newAccount(app: FastifyInstance) {
  const signed = await signUp(app, { displayName: 'Brand New' });
  return { id: signed.user.id, headers: bearer(signed.token) };
}

async function makeOld(userId: string) {
  await t.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - DAY_MS - HOUR_MS) })
    .where(eq(users.id, userId));
}

function postQuestion(app: FastifyInstance, headers: Record<string, string>, n: number) {
  return api(app).post('/api/questions', { title: `Limited question ${n}`, content: 'Content' }, headers);
}

function postReply(app: FastifyInstance, headers: Record<string, string>, questionId: string, n: number) {
  return api(app).post(`/api/questions/${questionId}/replies`, { content: `Limited reply ${n}` }, headers);
}

async function questionCount(userId: string) {
  const [row] = await t.db.select({ n: count() }).from(questions).where(eq(questions.authorId, userId));
  return row?.n ?? 0;
}

/** Moves a user's questions and replies back in time, as if they had waited. */
async function waitFor(userId: string, seconds: number) {
  await t.db
    .update(questions)
    .set({ createdAt: sql`${questions.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(questions.authorId, userId));
  await t.db
    .update(replies)
    .set({ createdAt: sql`${replies.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(replies.authorId, userId));
}

let target: string;
beforeAll(async () => {
  const owner = await createUser(t.db, { displayName: 'Question Owner', ageMs: 30 * DAY_MS });
  target = (await api(t.app).ask(owner.headers, { title: 'A question to reply to' })).id;
});

describe('questions from new accounts', () => {
  it('allows 3 on the first day, then answers 429 with the time left until the account is a day old', async () => {
    const user = await newAccount(noInterval);
    for (let n = 1; n <= 3; n += 1)
      expect((await postQuestion(noInterval, user.headers, n)).statusCode).toBe(201);

    const blocked = await postQuestion(noInterval, user.headers, 4);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(DAY_MS / 1000 - 120);
    expect(retryAfter).toBeLessThanOrEqual(DAY_MS / 1000);
    expect(blocked.json()).toEqual({
      error: fill(pagesEn.errors.newAccountQuestions, { minutes: Math.ceil(retryAfter / 60) }),
      code: 'RATE_LIMITED',
    });
    expect(blocked.json().error).toContain('1440 min');
    expect(await questionCount(user.id)).toBe(3);

    const inVietnamese = await api(noInterval).post(
      '/api/questions',
      { title: 'Limited question 5', content: 'Content' },
      { ...user.headers, 'accept-language': 'vi' },
    );
    expect(inVietnamese.json()).toEqual({
      error: fill(pagesVi.errors.newAccountQuestions, {
        minutes: Math.ceil(Number(inVietnamese.headers['retry-after']) / 60),
      }),
      code: 'RATE_LIMITED',
    });
  });

  it('lets only 3 of many simultaneous questions through', async () => {
    const user = await newAccount(noInterval);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, n) => postQuestion(noInterval, user.headers, n)),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    expect(await questionCount(user.id)).toBe(3);
  });

  it('does not hold accounts older than a day to the limit', async () => {
    const user = await newAccount(noInterval);
    await makeOld(user.id);
    for (let n = 1; n <= 5; n += 1)
      expect((await postQuestion(noInterval, user.headers, n)).statusCode).toBe(201);
    expect(await questionCount(user.id)).toBe(5);
  });
});

describe('the interval between questions', () => {
  it('answers a second question within 2 minutes with 429 and the seconds to wait', async () => {
    const user = await newAccount(t.app);
    expect((await postQuestion(t.app, user.headers, 1)).statusCode).toBe(201);

    const blocked = await postQuestion(t.app, user.headers, 2);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(100);
    expect(retryAfter).toBeLessThanOrEqual(120);
    expect(blocked.json()).toEqual({
      error: fill(pagesEn.errors.questionTooSoon, { seconds: retryAfter }),
      code: 'RATE_LIMITED',
    });
    expect(await questionCount(user.id)).toBe(1);

    await waitFor(user.id, 121);
    expect((await postQuestion(t.app, user.headers, 3)).statusCode).toBe(201);
  });

  it('holds old accounts to the interval too', async () => {
    const user = await createUser(t.db, { displayName: 'Old Timer', ageMs: 30 * DAY_MS });
    expect((await postQuestion(t.app, user.headers, 1)).statusCode).toBe(201);
    const blocked = await postQuestion(t.app, user.headers, 2);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
  });

  it('lets one of two simultaneous questions through', async () => {
    const user = await createUser(t.db, { displayName: 'Double Poster', ageMs: 30 * DAY_MS });
    const responses = await Promise.all([1, 2].map((n) => postQuestion(t.app, user.headers, n)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 429]);
  });

  it('counts questions and replies separately', async () => {
    const user = await createUser(t.db, { displayName: 'Asks And Replies', ageMs: 30 * DAY_MS });
    expect((await postQuestion(t.app, user.headers, 1)).statusCode).toBe(201);
    expect((await postReply(t.app, user.headers, target, 1)).statusCode).toBe(201);
  });
});

describe('replies', () => {
  it('allows 10 on the first day of an account, then answers 429', async () => {
    const user = await newAccount(noInterval);
    for (let n = 1; n <= 10; n += 1) {
      expect((await postReply(noInterval, user.headers, target, n)).statusCode).toBe(201);
    }
    const blocked = await postReply(noInterval, user.headers, target, 11);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(DAY_MS / 1000 - 120);
    expect(blocked.json()).toEqual({
      error: fill(pagesEn.errors.newAccountReplies, { minutes: Math.ceil(retryAfter / 60) }),
      code: 'RATE_LIMITED',
    });
    const [row] = await t.db.select({ n: count() }).from(replies).where(eq(replies.authorId, user.id));
    expect(row?.n).toBe(10);

    await makeOld(user.id);
    expect((await postReply(noInterval, user.headers, target, 12)).statusCode).toBe(201);
  });

  it('answers a second reply within 30 s with 429 and the seconds to wait', async () => {
    const user = await newAccount(t.app);
    expect((await postReply(t.app, user.headers, target, 1)).statusCode).toBe(201);
    const blocked = await postReply(t.app, user.headers, target, 2);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(20);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(blocked.json()).toEqual({
      error: fill(pagesEn.errors.replyTooSoon, { seconds: retryAfter }),
      code: 'RATE_LIMITED',
    });

    await waitFor(user.id, 31);
    expect((await postReply(t.app, user.headers, target, 3)).statusCode).toBe(201);
  });
});
