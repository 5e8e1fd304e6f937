import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase, type Database } from '../../db/client';
import {
  buildTestApp,
  createTestDatabase,
  testConfig,
  userWithRole,
  type TestDatabase,
} from '../../test/helpers';
import { seedCategories } from './categories';
import { api, createUser, DAY_MS, RELAXED_LIMITS, type FastUser } from './questions.test-helpers';

// Two app instances on one database, as behind a load balancer, each with its own pool (and so its own caches): a
// write on one clears the caches of both.
let database: TestDatabase;
let poolTwo: Database;
let one: FastifyInstance;
let two: FastifyInstance;
let author: FastUser;
let reader: FastUser;

beforeAll(async () => {
  database = await createTestDatabase();
  one = await buildTestApp(database, RELAXED_LIMITS);
  poolTwo = createDatabase(database.url, { max: 5 });
  two = await buildApp({
    config: testConfig(database.url, RELAXED_LIMITS),
    db: poolTwo,
    clientDir: null,
    logger: false,
  });
  await Promise.all([one.ready(), two.ready()]);
  await seedCategories(database.db);
  author = await createUser(database.db, { displayName: 'Instance Author', ageMs: 30 * DAY_MS });
  reader = await createUser(database.db, { displayName: 'Instance Reader', ageMs: 30 * DAY_MS });
});

afterAll(async () => {
  await one?.close();
  await two?.close();
  await poolTwo?.$client.end();
  await database?.drop();
});

/** The question as instance two's cached latest feed shows it to visitors. */
const onTwo = async (id: string) =>
  (await api(two).list({ sort: 'latest' })).questions.find((q) => q.id === id);
const soon = { timeout: 3_000, interval: 50 };

describe('question caches on two instances', () => {
  it('clear on the other instance when a reply, a like and a deletion are written on one', async () => {
    const question = await api(one).ask(author.headers, { title: 'Seen from two instances' });
    await vi.waitFor(async () => expect(await onTwo(question.id)).toBeDefined(), soon);
    expect((await api(two).detail(question.id)).replies).toEqual([]);

    await api(one).reply(reader.headers, question.id, 'A reply written on instance one');
    await vi.waitFor(async () => expect((await onTwo(question.id))?.replyCount).toBe(1), soon);
    expect((await api(two).detail(question.id)).replies).toHaveLength(1);

    await api(one).post(`/api/questions/${question.id}/like`, undefined, reader.headers);
    await vi.waitFor(async () => expect((await onTwo(question.id))?.upvotes).toBe(1), soon);

    const admin = await userWithRole(one, database.db, 'admin');
    const deleted = await one.inject({
      method: 'DELETE',
      url: `/api/admin/questions/${question.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await vi.waitFor(async () => expect(await onTwo(question.id)).toBeUndefined(), soon);
    expect((await api(two).get(`/api/questions/${question.id}`)).statusCode).toBe(404);
  });
});
