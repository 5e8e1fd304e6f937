import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase, runMigrations, withDatabase, type Database } from '../db/client';
import { seedCategories } from '../modules/questions';

/** Creates the database of `url` when its server does not have it yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name) throw new Error('The database address names no database.');
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }
}

export async function countQuestions(db: Database): Promise<number> {
  const [row] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from questions`)).rows;
  return row?.n ?? 0;
}

/** Migrates the database and writes the categories, as the app's start would. */
export async function prepareScaleDatabase(url: string): Promise<Database> {
  await ensureDatabase(url);
  const db = createDatabase(url, { max: 4 });
  await runMigrations(db);
  await seedCategories(db);
  return db;
}
