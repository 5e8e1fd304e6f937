import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestDatabase,
  userWithRole,
  type TestDatabase,
} from '../../test/helpers';
import { createUser, insertQuestions } from '../questions/questions.test-helpers';

let database: TestDatabase;
let questionId = '';

beforeAll(async () => {
  database = await createTestDatabase();
  const asker = await createUser(database.db);
  const [question] = await insertQuestions(database.db, [
    { authorId: asker.id, title: 'Where do I renew my student visa?', upvotes: 3, replyCount: 0 },
  ]);
  questionId = question!.id;
});

afterAll(async () => {
  await database?.drop();
});

/** The newsletter as an admin of `app` exports it, asking through another name the site answers to. */
async function exported(app: FastifyInstance, host: string): Promise<string> {
  const admin = await userWithRole(app, database.db, 'admin');
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/export-newsletter',
    headers: { ...bearer(admin.token), host, 'x-forwarded-host': host },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ content: string }>().content;
}

describe('the newsletter’s links', () => {
  it.each([
    [
      'PUBLIC_URL',
      { PUBLIC_URL: 'https://mentorme.example', MAIL_DISABLED: 'true' },
      'https://mentorme.example',
    ],
    ['this machine’s address without PUBLIC_URL', { PORT: '5055' }, 'http://localhost:5055'],
  ])('lead to %s, never to the Host the request names', async (_name, env, base) => {
    // The test's requests name localhost; the export names the other.
    const hosts = { ALLOWED_HOSTS: 'localhost,mirror.example' };
    const app = await buildTestApp(database, { ...env, ...hosts, TRUST_PROXY: '1' });
    try {
      const content = await exported(app, 'mirror.example');
      expect(content).toContain(`${base}/questions/${questionId}`);
      expect(content).not.toContain('mirror.example');
      const links = content.match(/https?:\/\/\S+/g) ?? [];
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link.startsWith(`${base}/`), link).toBe(true);
    } finally {
      await app.close();
    }
  });
});
