import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase, type Database } from '../../db/client';
import { buildTestApp, createTestDatabase, testConfig, type TestDatabase } from '../../test/helpers';
import { seedCategories } from '../questions/categories';
import { api, createUser, RELAXED_LIMITS, type FastUser } from '../questions/questions.test-helpers';
import { bellApi, useBellEvents } from './notifications.test-helpers';

// Two app instances on one database, as behind a load balancer, each with its own pool: an event written on one
// reaches the bell on the other.
let database: TestDatabase;
let poolTwo: Database;
let one: FastifyInstance;
let two: FastifyInstance;
let asker: FastUser;
let replier: FastUser;

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
  asker = await createUser(database.db, { displayName: 'Instance Asker' });
  replier = await createUser(database.db, { displayName: 'Instance Replier' });
});

afterAll(async () => {
  await one?.close();
  await two?.close();
  await poolTwo?.$client.end();
  await database?.drop();
});

/** What instance two's realtime layer hears. */
const heardOnTwo = useBellEvents(() => poolTwo);
const soon = { timeout: 3_000, interval: 20 };

describe('the bell on two instances', () => {
  it('hears on one what was written on the other, and the reading back', async () => {
    const question = await api(one).ask(asker.headers, { title: 'Seen from the other instance' });
    heardOnTwo.clear();
    await api(one).reply(replier.headers, question.id, 'Written on instance one.');

    await vi.waitFor(() => expect(heardOnTwo.heard).toContainEqual({ u: [asker.id] }), soon);
    const onTwo = await bellApi(two).page(asker);
    expect(onTwo.unread).toBe(1);
    expect(onTwo.notifications[0]).toMatchObject({
      type: 'reply_to_my_question',
      text: 'Instance Replier replied to your question “Seen from the other instance”',
    });

    heardOnTwo.clear();
    const read = await bellApi(one).read(asker, { ids: [onTwo.notifications[0]!.id] });
    expect(read.json()).toEqual({ unread: 0 });
    await vi.waitFor(() => expect(heardOnTwo.heard).toEqual([{ u: [asker.id] }]), soon);
    expect((await bellApi(two).page(asker)).unread).toBe(0);
  });
});
