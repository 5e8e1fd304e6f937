// `npm run migrate`: prepares the database (migrations, content, demo data in demo mode) and exits, for a
// deployment's one-shot migrate step. Instances do the same at start under the same lock, so it is safe to run
// while they start.
import { loadConfig } from './config';
import { connectDatabase } from './db/connect';

const config = loadConfig();
const log = (message: string) => console.log(message);
try {
  const database = await connectDatabase(config, log, { attach: true });
  const { migrated, content } = database.prepared;
  log(
    `The database is ready: ${migrated ? `${migrated} migration${migrated === 1 ? '' : 's'} applied` : 'no migration was due'}, content ${{ newer: 'written', same: 'already current', older: 'newer in the database, kept' }[content]}`,
  );
  await database.close();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
