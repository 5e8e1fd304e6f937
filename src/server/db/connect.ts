import type { Config } from '../config';
import { createDatabase, runMigrations, type Database } from './client';

export type Connected = { db: Database; url: string; close: () => Promise<void> };

/** The external PostgreSQL of DATABASE_URL, or the embedded one; migrated either way. */
export async function connectDatabase(
  config: Config,
  log: (message: string) => void,
  options: { attach?: boolean } = {},
): Promise<Connected> {
  let url = config.databaseUrl;
  let stopEmbedded = async () => {};
  if (!url) {
    const { startEmbeddedPostgres } = await import('./embedded');
    const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log, attach: options.attach });
    url = embedded.adminUrl;
    stopEmbedded = embedded.stop;
  }
  const db = createDatabase(url);
  try {
    await runMigrations(db);
  } catch (error) {
    await db.$client.end();
    await stopEmbedded();
    throw error;
  }
  return {
    db,
    url,
    close: async () => {
      await db.$client.end();
      await stopEmbedded();
    },
  };
}
