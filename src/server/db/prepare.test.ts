import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileDatabasePrefix } from '../test/names';
import { queryOnce } from '../test/query';
import { createDatabase, migrationsFolder, withDatabase, type Database } from './client';
import { loadStartupContent, prepareDatabase } from './prepare';
import { contentHash, readContentVersion } from './seed/content-version';

const content = loadStartupContent();
const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

const admin = (statement: string) => queryOnce(inject('adminUrl'), statement);

describe('the content version file', () => {
  it('matches the content files (after changing them, run `npm run content:version`)', () => {
    expect(readContentVersion().hash).toBe(contentHash(content));
  });
});

describe('preparing an empty database', () => {
  const name = `${fileDatabasePrefix(inject('testRunId'))}${randomBytes(8).toString('hex')}`;
  const url = withDatabase(inject('adminUrl'), name);
  let db: Database;
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);

  beforeAll(async () => {
    await admin(`create database "${name}"`);
    db = createDatabase(url, { max: 2 });
  });
  afterAll(async () => {
    await db.$client.end();
    await admin(`drop database if exists "${name}" with (force)`);
  });

  it('lets three instances start at once: every migration applied once, the content written once', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => prepareDatabase(url, { content, demo: true, log })),
    );
    expect(results.map((r) => r.migrated).sort()).toEqual([0, 0, journal.entries.length]);
    expect(results.map((r) => r.content).sort()).toEqual(['newer', 'same', 'same']);
    const applied = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied.rows[0]!.n).toBe(journal.entries.length);
    const articles = await db.execute<{ n: number }>(sql`select count(*)::int as n from knowledge_articles`);
    expect(articles.rows[0]!.n).toBe(content.knowledge.length);
    const demo = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where email like '%@demo.mentorme.example'`,
    );
    expect(demo.rows[0]!.n).toBeGreaterThan(0);
    expect(lines.filter((line) => line.startsWith('Applied '))).toHaveLength(1);
  });

  it('never puts older content back over newer content', async () => {
    const ours = readContentVersion();
    // A newer version of the app wrote its content: one article more than these files have.
    await db.execute(sql`update content_versions set version = ${ours.version + 1}, hash = 'newer'`);
    await db.execute(sql`
      insert into knowledge_articles (id, data, keywords, search)
      select 'from-a-newer-version', data, keywords, search from knowledge_articles limit 1`);
    const result = await prepareDatabase(url, { content, demo: false, log });
    expect(result.content).toBe('older');
    const kept = await db.execute(sql`select 1 from knowledge_articles where id = 'from-a-newer-version'`);
    expect(kept.rows).toHaveLength(1);
    expect(lines.at(-1)).toMatch(/holds newer content/);
  });

  it('writes the files again when the database holds an older version', async () => {
    const ours = readContentVersion();
    await db.execute(sql`update content_versions set version = ${ours.version - 1}, hash = 'older'`);
    expect((await prepareDatabase(url, { content, demo: false, log })).content).toBe('newer');
    const gone = await db.execute(sql`select 1 from knowledge_articles where id = 'from-a-newer-version'`);
    expect(gone.rows).toHaveLength(0);
  });
});
