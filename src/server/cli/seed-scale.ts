/**
 * npm run seed:scale -- [--questions 1000000] [--replies 3000000] [--messages 10000000] [--jobs 2] [--force]
 *
 * Fills the database of DATABASE_URL (created when it does not exist, and migrated) with a community at scale, for
 * measuring the feed, the counts and chat on it: the questions spread over two years and over the categories with
 * varied likes, their replies (Chloe's first, then members' and mentors'; some questions draw dozens), the members
 * who wrote them, and mentor conversations with their messages. It refuses a database that already holds more than
 * a few hundred questions, somebody's real one, unless given --force.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { countQuestions, prepareScaleDatabase } from './seed-scale-database';
import { seedScale, type ScaleSizes } from './seed-scale-rows';

export const SCALE_DEFAULTS: ScaleSizes = {
  questions: 1_000_000,
  replies: 3_000_000,
  messages: 10_000_000,
};

/** More questions than this and the database is somebody's: seed:scale adds to it only with --force. */
export const SCALE_REFUSE_ABOVE = 500;

const count = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined) return fallback;
  const n = Number(value.replaceAll('_', '').replaceAll(',', ''));
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} takes a whole number, not "${value}".`);
  return n;
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      questions: { type: 'string' },
      replies: { type: 'string' },
      messages: { type: 'string' },
      jobs: { type: 'string' },
      force: { type: 'boolean', default: false },
    },
  });
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error(
      'Set DATABASE_URL to the database to fill, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/mentorme_scale npm run seed:scale',
    );
  }
  const sizes: ScaleSizes = {
    questions: count(values.questions, SCALE_DEFAULTS.questions, 'questions'),
    replies: count(values.replies, SCALE_DEFAULTS.replies, 'replies'),
    messages: count(values.messages, SCALE_DEFAULTS.messages, 'messages'),
  };
  const jobs = Math.max(1, count(values.jobs, 2, 'jobs'));
  const db = await prepareScaleDatabase(url);
  try {
    const existing = await countQuestions(db);
    if (existing > SCALE_REFUSE_ABOVE && !values.force) {
      throw new Error(
        `This database already holds ${existing.toLocaleString('en-AU')} questions: it looks like a real one. Add --force to add ${sizes.questions.toLocaleString('en-AU')} more anyway.`,
      );
    }
    const result = await seedScale(db, sizes, { jobs, log: (message) => console.log(message) });
    console.log(
      `Done in ${result.seconds.toFixed(1)} s: ${result.questions.toLocaleString('en-AU')} questions, ${result.replies.toLocaleString('en-AU')} replies, ${result.messages.toLocaleString('en-AU')} messages in ${result.conversations.toLocaleString('en-AU')} conversations, ${result.users.toLocaleString('en-AU')} members (${result.mentors.toLocaleString('en-AU')} mentors).`,
    );
  } finally {
    await db.$client.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
