// `npm run migrate`: prepares the database (migrations, content, demo data in demo mode) and exits, for a
// deployment's one-shot migrate step. Instances do the same at start under the same lock, so it is safe to run
// while they start. Its lines are JSON, like the instances'.
import { ConfigError, loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { StartupError } from './db/postgres-access';
import { createLogger } from './observability/logger';

try {
  const config = loadConfig();
  const logger = createLogger(config);
  try {
    const database = await connectDatabase(config, (message) => logger.info(message), { attach: true });
    const { migrated, content } = database.prepared;
    logger.info(
      `The database is ready: ${migrated ? `${migrated} migration${migrated === 1 ? '' : 's'} applied` : 'no migration was due'}, content ${{ newer: 'written', same: 'already current', older: 'newer in the database, kept' }[content]}`,
    );
    await database.close();
  } catch (error) {
    if (error instanceof StartupError) logger.fatal(error.message);
    else logger.fatal({ err: error }, 'The database was not prepared');
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
