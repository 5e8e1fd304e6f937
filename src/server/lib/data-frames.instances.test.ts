import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { builtClientWithRenderer } from './frames.test-helpers';
import { createDatabase, type Database } from '../db/client';
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
 * A built client whose page frames' renderer draws /latest from the newest questions it asks for, in English (in
 * Vietnamese its data cannot be had), and a question's page from the question, titled by it.
 */
function builtClient(): string {
  return builtClientWithRenderer(`export const DATA_FRAMES = ['/latest', '/questions/:id'];
export const MEMBER_DATA_FRAMES = [];
export async function renderFrame(pathname, locale) { return { html: '<h1>' + pathname + ' ' + locale + '</h1>', drawnAt: Date.now() }; }
export async function renderDataFrame(pathname, locale, load) {
  if (pathname.startsWith('/questions/')) {
    const question = await load('/api' + pathname, locale);
    const html = '<h1>' + question.id + '</h1>' + question.replies.map((r) => '<p>' + r.content + '</p>').join('');
    return { html, drawnAt: Date.now(), data: '[]', title: question.title, description: question.content };
  }
  if (locale === 'vi') throw new Error('no data');
  const feed = await load('/api/questions?sort=latest&limit=10', locale);
  const html = feed.questions.map((q) => '<h3>' + q.title + '</h3>').join('');
  return { html, drawnAt: Date.now(), data: JSON.stringify([[['feed'], feed]]) };
}`);
}

// Two app instances on one database, as behind a load balancer, each keeping its own pages with data.
let database: TestDatabase;
let poolTwo: Database;
let one: FastifyInstance;
let two: FastifyInstance;
let author: FastUser;
const config = () => testConfig(database.url, RELAXED_LIMITS);

beforeAll(async () => {
  database = await createTestDatabase();
  const clientDir = builtClient();
  one = await buildApp({ config: config(), db: database.db, clientDir, logger: false });
  poolTwo = createDatabase(database.url, { max: 5 });
  two = await buildApp({ config: config(), db: poolTwo, clientDir, logger: false });
  await Promise.all([one.ready(), two.ready()]);
  await seedCategories(database.db);
  author = await createUser(database.db, { displayName: 'Frame Author', ageMs: 30 * DAY_MS });
});

afterAll(async () => {
  await one?.close();
  await two?.close();
  await poolTwo?.$client.end();
  await database?.drop();
});

const page = async (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => {
  const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });
  expect(response.statusCode).toBe(200);
  return response.body;
};
const soon = { timeout: 3_000, interval: 50 };

describe('/latest’s first HTML with its data, on two instances', () => {
  it('lists a question asked on one instance on the other’s next page, with the data beside it', async () => {
    expect(await page(two, '/latest')).toMatch(
      /<div id="root"><div inert aria-hidden="true" data-drawn-at="\d+"><\/div><\/div>/,
    );

    const question = await api(one).ask(author.headers, { title: 'Asked on instance one' });
    await vi.waitFor(
      async () => expect(await page(two, '/latest')).toContain('<h3>Asked on instance one</h3>'),
      soon,
    );
    const html = await page(two, '/latest');
    const data = html.match(/<script type="application\/json" id="frame-data">([^<]*)<\/script>/)?.[1];
    expect(JSON.parse(data!)[0][1].questions[0].id).toBe(question.id);
  });

  it('goes out with its plain frame when the data cannot be had, and without data to the signed-in or a search', async () => {
    const inVietnamese = await page(two, '/latest', { 'accept-language': 'vi' });
    expect(inVietnamese).toContain('<h1>/latest vi</h1>');
    expect(inVietnamese).not.toContain('frame-data');
    const session = { cookie: `${cookieName(config())}=a-session` };
    expect(await page(two, '/latest', session)).not.toContain('frame-data');
    expect(await page(two, '/latest?category=work')).not.toContain('frame-data');
    // Other pages keep the frame made at start.
    expect(await page(two, '/faq')).toContain('<h1>/faq en</h1>');
  });
});

describe('a question’s first HTML with its data, on two instances', () => {
  it('is drawn for its address and titled by it, and shows a reply given on the other instance', async () => {
    const question = await api(one).ask(author.headers, {
      title: 'Can I <work> $& study?',
      content: 'Forty-eight hours "a fortnight".',
    });
    const other = await api(one).ask(author.headers, { title: 'Another question' });
    const html = await page(two, `/questions/${question.id}`);
    expect(html).toContain(`<h1>${question.id}</h1>`);
    expect(html).toContain('<title>Can I &lt;work&gt; $&amp; study? · Mentor Me</title>');
    expect(html).toContain('<meta name="description" content="Forty-eight hours &quot;a fortnight&quot;."');
    expect(await page(two, `/questions/${other.id}`)).toContain(
      '<title>Another question · Mentor Me</title>',
    );

    await api(one).reply(author.headers, question.id, 'Replied on instance one.');
    await vi.waitFor(
      async () =>
        expect(await page(two, `/questions/${question.id}`)).toContain('<p>Replied on instance one.</p>'),
      soon,
    );
  });

  it('goes out without a frame when there is no such question, as for a member or an address that asks more', async () => {
    expect(await page(two, '/questions/00000000-0000-4000-8000-000000000000')).toContain(
      '<div id="root"></div>',
    );
    const malformed = await two.inject({ method: 'GET', url: '/questions/not-an-id' });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.body).toContain('<div id="root"></div>');
    const question = await api(one).ask(author.headers, { title: 'Opened at a reply' });
    expect(await page(two, `/questions/${question.id}?reply=r1`)).toContain('<div id="root"></div>');
  });
});
