import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, runMigrations, withDatabase } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { runEnded, runOf, templateDatabase } from './names';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of a maintenance database on the test PostgreSQL server. */
    adminUrl: string;
    /** This run's id: its databases' names carry it (names.ts). */
    testRunId: number;
  }
}

const RUN_ID = process.pid;
const TEMPLATE = templateDatabase(RUN_ID);

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  await client.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
  await client.query(`drop database if exists "${name}" with (force)`);
}

/**
 * One PostgreSQL server for the whole run: DATABASE_URL's (or TEST_DATABASE_URL's), or the embedded one in
 * .data/test. Every test file clones its own database from a migrated template, which is far faster than
 * migrating per file.
 */
export default async function setup({ provide }: TestProject): Promise<() => Promise<void>> {
  const log = (message: string) => console.log(`[test-db] ${message}`);
  let adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  let stopEmbedded = async () => {};
  if (!adminUrl) {
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(projectRoot, '.data', 'test'), log });
    adminUrl = embedded.adminUrl;
    stopEmbedded = embedded.stop;
  }

  try {
    await withClient(adminUrl, async (client) => {
      // Databases left behind by a run that was killed before its files could drop them; a run still going on
      // this server (another checkout's) keeps its own.
      const { rows } = await client.query<{ datname: string }>('select datname from pg_database');
      for (const { datname } of rows) {
        const run = runOf(datname);
        if (run !== undefined && (run === RUN_ID || runEnded(run))) await dropDatabase(client, datname);
      }
      await client.query(`create database "${TEMPLATE}"`);
    });
    const template = createDatabase(withDatabase(adminUrl, TEMPLATE), { max: 1 });
    try {
      await runMigrations(template);
    } finally {
      // CREATE DATABASE ... TEMPLATE refuses a template that has open connections.
      await template.$client.end();
    }
  } catch (error) {
    await stopEmbedded();
    throw error;
  }

  provide('adminUrl', adminUrl);
  provide('testRunId', RUN_ID);
  const url = adminUrl;
  return async () => {
    try {
      await withClient(url, (client) => dropDatabase(client, TEMPLATE));
    } finally {
      await stopEmbedded();
    }
  };
}
