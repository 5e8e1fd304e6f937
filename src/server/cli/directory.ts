/**
 * npm run directory -- export --format hsds <folder>
 * Writes the directory (entries that are not archived) into the folder as an Open Referral HSDS 3.0 data package:
 * datapackage.json and one CSV file per table.
 *
 * npm run directory -- import <folder> [--dry-run] [--source https://partner.example/directory]
 * Reads an HSDS 3.0 data package from the folder, says what it would change, and (without --dry-run) writes the new
 * entries and those whose review date is newer than ours. --source is the data set's page, the source of its
 * organisations whose own website is not https (datapackage.json's homepage when not given). It refuses symbolic
 * links and data sets over HSDS_IMPORT_LIMITS (hsds/folder.ts), exiting with 1.
 *
 * See docs/decisions/025-open-referral-hsds.md. The database is DATABASE_URL's, or the embedded one.
 */
import path from 'node:path';
import { inspect, parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import {
  exportHsds,
  writeHsdsFolder,
  ImportError,
  readHsdsFolder,
  importHsds,
  printable,
  printableLines,
  formatImportReport,
} from '../modules/directory';

const USAGE = [
  'Usage:',
  '  npm run directory -- export --format hsds <folder>',
  '  npm run directory -- import <folder> [--dry-run] [--source https://…]',
].join('\n');

class UsageError extends Error {
  override name = 'UsageError';
}

async function withDatabase<T>(run: (db: Awaited<ReturnType<typeof connectDatabase>>['db']) => Promise<T>) {
  const database = await connectDatabase(loadConfig(), (message) => console.log(message), { attach: true });
  try {
    return await run(database.db);
  } finally {
    await database.close();
  }
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      format: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      source: { type: 'string' },
    },
  });
  const [command, folder, ...extra] = positionals;
  if (!folder || extra.length) throw new UsageError(USAGE);

  if (command === 'export') {
    if (values.format !== 'hsds')
      throw new UsageError(`Say the format: --format hsds (the only one).\n${USAGE}`);
    if (values['dry-run'] || values.source !== undefined) throw new UsageError(USAGE);
    const target = path.resolve(folder);
    const files = await withDatabase(async (db) => exportHsds(db));
    await writeHsdsFolder(target, files);
    console.log(printable(`Wrote the directory as HSDS 3.0 (${files.length} files) to ${target}.`));
    return;
  }
  if (command === 'import') {
    if (values.format !== undefined && values.format !== 'hsds') throw new UsageError(USAGE);
    // The files are read before the database starts: a wrong folder says so at once.
    const files = await readHsdsFolder(path.resolve(folder));
    const report = await withDatabase((db) =>
      importHsds(db, files, { dryRun: values['dry-run'], source: values.source }),
    );
    console.log(formatImportReport(report));
    return;
  }
  throw new UsageError(USAGE);
}

main().catch((error: unknown) => {
  const expected =
    error instanceof UsageError || error instanceof ImportError || error instanceof ConfigError;
  // A folder's or a file's name is in many messages, and goes to the terminal escaped like the data set's texts.
  console.error(printableLines(expected ? error.message : inspect(error)));
  process.exit(1);
});
