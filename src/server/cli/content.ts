/**
 * npm run content -- export-questions
 * Writes the questions admins attached to knowledge articles from Chloe's misses (the admin tab "Chloe's misses")
 * into content/knowledge/<article>.json, after the article's own questions, so they can be reviewed and committed
 * (decision 053). The database is DATABASE_URL's, or the embedded one.
 */
import { inspect } from 'node:util';
import { language, type Locale } from '../../shared/languages';
import { ConfigError, loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { exportQuestions } from '../modules/chloe';
import { projectPath } from '../paths';

const USAGE = 'Usage: npm run content -- export-questions';

/** The repository's formatter when it is installed (a checkout), so the files change only where questions are added. */
async function format(text: string, file: string): Promise<string> {
  try {
    const prettier = await import('prettier');
    return await prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
  } catch {
    return text;
  }
}

async function main() {
  const [command, ...extra] = process.argv.slice(2);
  if (command !== 'export-questions' || extra.length) {
    console.error(USAGE);
    process.exit(1);
  }
  const dir = projectPath('content/knowledge');
  if (!dir) throw new ConfigError('The folder content/knowledge was not found.');
  const database = await connectDatabase(loadConfig(), (message) => console.log(message), { attach: true });
  try {
    const exported = await exportQuestions(database.db, dir, format);
    for (const { file, added } of exported)
      console.log(
        `${file}: ${Object.entries(added)
          .map(([code, count]) => `${count} ${language(code as Locale).englishName}`)
          .join(', ')} questions added`,
      );
    console.log(
      exported.length
        ? 'Review the changes (git diff content/knowledge) and commit them.'
        : 'No new questions: the files already hold every question added from Chloe’s misses.',
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : inspect(error));
  process.exit(1);
});
