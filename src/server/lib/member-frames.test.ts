import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { builtClientWithRenderer } from './frames.test-helpers';
import { cookieName } from '../plugins/auth';
import { createTestDatabase, testConfig, type TestDatabase } from '../test/helpers';
import { seedCategories } from '../modules/questions/categories';
import {
  api,
  createUser,
  DAY_MS,
  RELAXED_LIMITS,
  type FastUser,
} from '../modules/questions/questions.test-helpers';

/**
 * A built client whose frames' renderer says whom it drew a page for, and draws /latest from the questions it asks
 * for, with the marks of whoever it asks as.
 */
function builtClient(): string {
  return builtClientWithRenderer(`export const DATA_FRAMES = ['/latest'];
export const MEMBER_DATA_FRAMES = ['/latest', '/questions/:id'];
const who = (user) => (user ? user.displayName + ' (' + user.role + ')' : 'a visitor');
export async function renderFrame(pathname, locale, user) {
  return { html: '<h1>' + pathname + ' ' + locale + ' for ' + who(user) + '</h1>', drawnAt: Date.now() };
}
export async function renderDataFrame(pathname, locale, load, user) {
  if (pathname.startsWith('/questions/')) {
    const question = await load('/api' + pathname, locale);
    return { html: '<h1>' + question.title + ' for ' + who(user) + '</h1>', drawnAt: Date.now(), data: '[]' };
  }
  const feed = await load('/api/questions?sort=latest&limit=10', locale);
  const html = '<h1>' + pathname + ' for ' + who(user) + '</h1>' +
    feed.questions.map((q) => '<h3>' + q.title + (q.liked ? ' (liked)' : '') + '</h3>').join('');
  return { html, drawnAt: Date.now(), data: JSON.stringify([[['feed', user ? user.id : null], feed]]) };
}`);
}

let database: TestDatabase;
let app: FastifyInstance;
let member: FastUser;
let author: FastUser;
const config = () => testConfig(database.url, RELAXED_LIMITS);

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: config(), db: database.db, clientDir: builtClient(), logger: false });
  await app.ready();
  await seedCategories(database.db);
  author = await createUser(database.db, { displayName: 'Frame Author', ageMs: 30 * DAY_MS });
  member = await createUser(database.db, { displayName: 'Lan Nguyen', ageMs: 30 * DAY_MS });
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const page = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...(cookie && { cookie }) } });
const session = (token: string) => `${cookieName(config())}=${token}`;

describe('a signed-in member’s first HTML', () => {
  it('carries the page drawn for them, kept by no cache', async () => {
    for (const url of ['/', '/profile', '/chat', '/notifications', '/faq']) {
      const response = await page(url, session(member.token));
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`<h1>${url} en for Lan Nguyen (student)</h1>`);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers.vary).toContain('cookie');
      // The member it was drawn for, as /api/auth/me gives them: the app's first render is theirs.
      const user = response.body.match(
        /<script type="application\/json" id="frame-user">([^<]*)<\/script>/,
      )?.[1];
      expect(JSON.parse(user!)).toMatchObject({ id: member.id, displayName: 'Lan Nguyen', role: 'student' });
      expect(user).not.toContain('passwordHash');
    }
    const visitor = await page('/faq');
    expect(visitor.body).toContain('<h1>/faq en for a visitor</h1>');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(visitor.body).not.toContain('frame-user');
  });

  it('draws a question’s page for them with the question, which a visitor gets without a frame', async () => {
    const question = await api(app).ask(author.headers, { title: 'Where do I find a GP?' });
    const url = `/questions/${question.id}`;
    expect((await page(url, session(member.token))).body).toContain(
      '<h1>Where do I find a GP? for Lan Nguyen (student)</h1>',
    );
    expect((await page(url)).body).toContain('<div id="root"></div>');
    // A question that is not there: the page keeps its frame, without data.
    const gone = `/questions/${member.id}`;
    expect((await page(gone, session(member.token))).body).toContain(
      `<h1>${gone} en for Lan Nguyen (student)</h1>`,
    );
  });

  it('gives /latest its first data as they see it, their own marks included', async () => {
    const question = await api(app).ask(author.headers, { title: 'Liked by Lan' });
    const liked = await app.inject({
      method: 'POST',
      url: `/api/questions/${question.id}/like`,
      headers: member.headers,
      payload: { liked: true },
    });
    expect(liked.statusCode).toBe(200);
    const html = (await page('/latest', session(member.token))).body;
    expect(html).toContain('<h3>Liked by Lan (liked)</h3>');
    const data = html.match(/<script type="application\/json" id="frame-data">([^<]*)<\/script>/)?.[1];
    const [[key, feed]] = JSON.parse(data!) as [[unknown[], { questions: { id: string; liked: boolean }[] }]];
    expect(key).toEqual(['feed', member.id]);
    expect(feed.questions.find((q) => q.id === question.id)?.liked).toBe(true);
    // A visitor's page of the same feed shows no one's marks.
    expect((await page('/latest')).body).toContain('<h3>Liked by Lan</h3>');
  });

  it('is the plain page for a session the server no longer accepts, for sign-in, for a search and for admin', async () => {
    const refused = await page('/profile', session('not-a-session'));
    expect(refused.body).toContain('<div id="root"></div>');
    expect(String(refused.headers['set-cookie'])).toContain(`${cookieName(config())}=;`);
    for (const url of ['/login', '/signup', '/admin', '/latest?category=work']) {
      const response = await page(url, session(member.token));
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).not.toContain('frame-user');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
