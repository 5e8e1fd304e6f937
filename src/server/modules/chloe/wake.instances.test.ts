import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createDatabase, type Database } from '../../db/client';
import { buildTestApp, createTestDatabase, signUp, type TestDatabase } from '../../test/helpers';

let database: TestDatabase;
let poolTwo: Database;
const apps: FastifyInstance[] = [];
const woken = [0, 0];

beforeAll(async () => {
  database = await createTestDatabase();
  poolTwo = createDatabase(database.url, { max: 3 });
  for (const [index, db] of [database.db, poolTwo].entries()) {
    const app = await buildTestApp({ ...database, db }, {}, false, {
      onWake: (worker) => {
        if (worker === 'chloe replies') woken[index]! += 1;
      },
    });
    await app.ready();
    apps.push(app);
  }
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await poolTwo.$client.end();
  await database.drop();
});

async function until(condition: () => boolean) {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("Chloe's wake-up", () => {
  it('reaches the reply worker of every instance, not only the one the question was posted on', async () => {
    const student = await signUp(apps[0]!);
    const response = await apps[0]!.inject({
      method: 'POST',
      url: '/api/questions',
      headers: { cookie: student.cookie },
      payload: { title: 'Where do I get a tax file number?', content: 'I arrived last week.' },
    });
    expect(response.statusCode).toBe(201);
    await until(() => woken[0]! > 0 && woken[1]! > 0);
  });
});
