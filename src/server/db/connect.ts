import type { Config } from '../config';
import { createDatabase, type Database } from './client';
import { StartupError } from './postgres-access';
import { loadStartupContent, prepareDatabase, type PrepareResult } from './prepare';

export type Connected = { db: Database; url: string; prepared: PrepareResult; close: () => Promise<void> };

/**
 * The external PostgreSQL of DATABASE_URL, or for a local trial the embedded one; prepared either way (migrations,
 * content, demo data: prepare.ts), then the app's pool with the configured limits.
 */
export async function connectDatabase(
  config: Config,
  log: (message: string) => void,
  options: { attach?: boolean } = {},
): Promise<Connected> {
  // Checked before any database starts: a content error stops the start with the file and entry it is in.
  const content = loadStartupContent();
  let url = config.databaseUrl;
  if (!url && config.publicUrl) {
    throw new StartupError(
      'DATABASE_URL is not set: a deployment (PUBLIC_URL is set) needs its own PostgreSQL, so set DATABASE_URL to its address (the embedded database is only for a local trial).',
    );
  }
  let stopEmbedded = async () => {};
  if (!url) {
    const { startEmbeddedPostgres } = await import('./embedded');
    const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log, attach: options.attach });
    url = embedded.adminUrl;
    stopEmbedded = embedded.stop;
  }
  let prepared: PrepareResult;
  try {
    prepared = await prepareDatabase(url, { content, demo: config.demoMode, log });
  } catch (error) {
    await stopEmbedded();
    throw error;
  }
  const db = createDatabase(url, config.pool);
  return {
    db,
    url,
    prepared,
    close: async () => {
      await db.$client.end();
      await stopEmbedded();
    },
  };
}
