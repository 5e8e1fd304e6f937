import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../shared/constants';
import { buildApp } from './app';
import { createTestDatabase, testConfig, type TestDatabase } from './test/helpers';

/** A built client of one bare page, without page frames. */
function builtClient(): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'pages-')), 'client');
  mkdirSync(dir);
  writeFileSync(
    path.join(dir, 'index.html'),
    '<html lang="en" dir="ltr"><head><title>Mentor Me</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig(database.url),
    db: database.db,
    clientDir: builtClient(),
    logger: false,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const pageLanguage = async (url: string) => {
  // A browser set to English that chose English here before.
  const response = await app.inject({
    method: 'GET',
    url,
    headers: { 'accept-language': 'en-AU,en;q=0.9', cookie: `${STORAGE_KEYS.language}=en` },
  });
  expect(response.statusCode).toBe(200);
  return /<html lang="([\w-]+)"/.exec(response.body)?.[1];
};

describe('the language of a page an email links to', () => {
  it('is the one its address names, over the browser’s and the one chosen before', async () => {
    expect(await pageLanguage('/reset-password?token=abc&lang=vi')).toBe('vi');
    expect(await pageLanguage('/unsubscribe?token=abc&lang=vi')).toBe('vi');
    expect(await pageLanguage('/questions/6f1c2d9e-0b7a-4c1e-9a51-2f3b4c5d6e7f?lang=vi')).toBe('vi');
  });

  it('is the reader’s own when the address names none, or none it knows', async () => {
    expect(await pageLanguage('/reset-password?token=abc')).toBe('en');
    expect(await pageLanguage('/reset-password?token=abc&lang=fr')).toBe('en');
  });

  it('is kept for the pages after it, as the app keeps it, even before the app has loaded', async () => {
    const asked = await app.inject({ method: 'GET', url: '/faq?lang=ne' });
    const cookie = asked.cookies.find((entry) => entry.name === STORAGE_KEYS.language);
    expect(cookie).toMatchObject({ value: 'ne', path: '/', maxAge: 365 * 24 * 60 * 60, sameSite: 'Lax' });
    const next = await app.inject({
      method: 'GET',
      url: '/about',
      cookies: { [cookie!.name]: cookie!.value },
    });
    expect(/<html lang="([\w-]+)"/.exec(next.body)?.[1]).toBe('ne');
    const unnamed = await app.inject({ method: 'GET', url: '/faq?lang=fr' });
    expect(unnamed.cookies).toEqual([]);
  });
});

describe('a page asked for with HEAD', () => {
  it('answers as GET does, without the body: a link checker finds the page, and an unknown one missing', async () => {
    const page = await app.inject({ method: 'HEAD', url: '/faq?lang=vi' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toBe('');
    expect((await app.inject({ method: 'HEAD', url: '/no-such-page' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/faq' })).statusCode).toBe(404);
  });
});
