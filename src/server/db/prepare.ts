import pg from 'pg';
import { sql } from 'drizzle-orm';
import { seedCategories } from './seed/categories';
import { createDatabase, runMigrations, type Database } from './client';
import { seedDemo } from './seed/demo';
import {
  claimContentVersion,
  contentHash,
  readContentVersion,
  type StartupContent,
} from './seed/content-version';
import { loadHelpContent, syncHelpContent } from './seed/help-content';
import { loadKnowledge, syncKnowledge } from './seed/knowledge';

/** The advisory lock every instance takes for its start-up work: one at a time, the others wait their turn. */
export const STARTUP_LOCK = [7311, 1] as const;

export type PrepareResult = {
  /** Migrations this call applied (0 when another instance had already applied them). */
  migrated: number;
  content: 'newer' | 'same' | 'older';
};

/**
 * Reads the content files and checks them, before any database is started: an error stops the start with the
 * file and entry it is in.
 */
export function loadStartupContent(): StartupContent {
  return { help: loadHelpContent(), knowledge: loadKnowledge() };
}

async function appliedMigrations(db: Database): Promise<number> {
  const table = await db.execute<{ name: string | null }>(
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!table.rows[0]!.name) return 0;
  const found = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return found.rows[0]!.n;
}

/**
 * What the database needs before an instance serves: migrations, the categories, the content files (never older
 * ones over newer, see content-version.ts) and, in demo mode, the demo accounts and questions. Any number of
 * instances may start at once: each takes one PostgreSQL advisory lock for all of it, so the work is done once
 * and the others find it done. Runs on its own connections, without the app pool's statement timeout: a migration
 * on a large table may take longer.
 */
export async function prepareDatabase(
  url: string,
  options: { content: StartupContent; demo: boolean; log: (message: string) => void },
): Promise<PrepareResult> {
  const lock = new pg.Client({ connectionString: url });
  // Losing the lock's connection mid-way would let another instance in: the start fails instead.
  let lockLost: Error | undefined;
  lock.on('error', (error) => (lockLost ??= error));
  await lock.connect();
  const db = createDatabase(url, { max: 2 });
  try {
    await lock.query('select pg_advisory_lock($1, $2)', [...STARTUP_LOCK]);
    const before = await appliedMigrations(db);
    await runMigrations(db);
    const migrated = (await appliedMigrations(db)) - before;
    if (migrated) options.log(`Applied ${migrated} database migration${migrated === 1 ? '' : 's'}`);
    await seedCategories(db);
    // The files' own fingerprint: changed files under an unchanged version (a developer's edit) are written too.
    const ours = { version: readContentVersion().version, hash: contentHash(options.content) };
    const content = await db.transaction(async (tx) => {
      const claim = await claimContentVersion(tx, ours);
      if (claim === 'newer') {
        await syncHelpContent(tx, options.content.help);
        await syncKnowledge(tx, options.content.knowledge);
      }
      return claim;
    });
    if (content === 'newer') options.log(`Content version ${ours.version} written to the database`);
    if (content === 'older')
      options.log(
        `The database holds newer content than this version (${ours.version}): it is kept as it is`,
      );
    if (options.demo) await seedDemo(db);
    if (lockLost) throw new Error(`The start-up lock's connection was lost: ${lockLost.message}`);
    return { migrated, content };
  } finally {
    await lock.end().catch(() => undefined);
    await db.$client.end();
  }
}
