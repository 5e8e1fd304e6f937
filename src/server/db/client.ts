import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction on the app's database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** migrations/ sits at the project root: walk up from src/server/db or from dist/server. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    const candidate = path.join(dir, 'migrations');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('The migrations folder was not found next to the application.');
}

export type PoolOptions = {
  /** Connections at most. */
  max?: number;
  /** How long a query waits for a free connection before it fails. */
  waitMs?: number;
  /** Longest a statement may run; 0: no limit. */
  statementTimeoutMs?: number;
  /** Longest a transaction may sit idle holding its locks; 0: no limit. */
  idleInTransactionTimeoutMs?: number;
};

export function createDatabase(connectionString: string, options: PoolOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.waitMs ?? 0,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.idleInTransactionTimeoutMs
      ? { idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs }
      : {}),
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return drizzle(pool, { schema }) as Database;
}

export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: migrationsFolder() });
}

/** Replaces the database name in a connection string. */
export function withDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  return url.toString();
}
