/**
 * What the load test runs against: by default a cluster of its own (`npm run cluster`: nginx and the instances) on a
 * fresh database of the machine's PostgreSQL, filled with a community (the scale seed's questions and replies) and the
 * accounts its members sign in to. With --target, any running deployment whose database it is given.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { countQuestions, prepareScaleDatabase } from '../../src/server/cli/seed-scale-database';
import { seedScale } from '../../src/server/cli/seed-scale-rows';
import { createDatabase, withDatabase } from '../../src/server/db/client';
import { hashPassword } from '../../src/server/lib/passwords';

const root = path.resolve(import.meta.dirname, '../..');

/** Who the `n`th person is: of every 20, 12 visitors, 6 members and a student and their mentor who chat. */
export type Role = 'visitor' | 'member' | 'chat-student' | 'chat-mentor';
export function roleOf(n: number): Role {
  const k = n % 20;
  return k < 12 ? 'visitor' : k < 18 ? 'member' : k === 18 ? 'chat-student' : 'chat-mentor';
}

export const emailOf = (run: string, n: number) => `load-${run}-${n}@loadtest.mentorme.example`;

/** Drops and creates the load test's own database (it holds nothing else), then fills it. */
export async function freshDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^mentorme_loadtest\w*$/.test(name))
    throw new Error(`The load test only drops a database of its own (mentorme_loadtest…), not "${name}".`);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

/**
 * The community people read (`questions` of them, when the database has fewer; none for a deployment's own
 * database, which is left as it is) and an account for every member of the run, all with one password: established
 * members (60 days old, email confirmed), the chatting mentors verified.
 */
export async function prepareDatabase(
  url: string,
  people: number,
  questions: number,
): Promise<{ run: string; password: string }> {
  const db = questions ? await prepareScaleDatabase(url) : createDatabase(url, { max: 2 });
  try {
    if (questions && (await countQuestions(db)) < questions / 2) {
      await seedScale(db, { questions, replies: questions * 3, messages: 0 }, { jobs: 2 });
    }
    const run = randomBytes(4).toString('hex');
    const password = `load test ${randomBytes(12).toString('hex')}`;
    const hash = await hashPassword(password);
    const members = Array.from({ length: people }, (_, n) => n).filter((n) => roleOf(n) !== 'visitor');
    await db.execute(sql`
      insert into users (email, display_name, role, password_hash, locale, email_verified_at,
        mentor_verified_at, headline, capacity, created_at)
      select ${`load-${run}-`}::text || n || '@loadtest.mentorme.example', 'Load ' || n,
        case when n % 20 = 19 then 'mentor' else 'student' end, ${hash},
        case when n % 3 = 0 then 'vi' else 'en' end, now() - interval '60 days',
        case when n % 20 = 19 then now() - interval '60 days' end,
        case when n % 20 = 19 then 'Here to help you settle in' end, 10, now() - interval '60 days'
      from unnest(${`{${members.join(',')}}`}::int[]) as n`);
    return { run, password };
  } finally {
    await db.$client.end();
  }
}

export type Cluster = { base: string; metrics: string[]; logDir: string; stop: () => Promise<void> };

/** `npm run cluster` on `port`, resolved once it prints that it is ready. */
export function startCluster(
  port: number,
  instances: number,
  databaseUrl: string,
  cpuProfileDir?: string,
): Promise<Cluster> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(root, 'scripts/cluster.mjs'),
      '--instances',
      String(instances),
      '--port',
      String(port),
      '--database-url',
      databaseUrl,
      ...(cpuProfileDir ? ['--cpu-prof', cpuProfileDir] : []),
    ],
    { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const onLine = (chunk: Buffer) => {
      lines.push(...chunk.toString().split('\n'));
      // The last line of the cluster's start, after the instances' addresses.
      const ready = lines.some((line) => line.startsWith('Rolling restart:'));
      if (!ready) return;
      child.stdout!.off('data', onLine);
      resolve({
        base: `http://127.0.0.1:${port}`,
        metrics: lines.flatMap((line) => line.match(/metrics (http:\S+)/)?.[1] ?? []),
        logDir: lines.find((line) => line.startsWith('Logs in '))?.match(/^Logs in ([^:]+):/)?.[1] ?? '',
        stop,
      });
    };
    child.stdout!.on('data', onLine);
    child.stderr!.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n')));
    child.once('exit', (code) =>
      reject(new Error(`npm run cluster stopped (${code}):\n${lines.slice(-20).join('\n')}`)),
    );
  });
}

/** Each instance's event loop lag (p99, ms) as its metrics say. */
export async function eventLoopLag(metrics: string[]): Promise<Record<string, number>> {
  const lag: Record<string, number> = {};
  for (const url of metrics) {
    const text = await fetch(url)
      .then((response) => response.text())
      .catch(() => '');
    const line = text.split('\n').find((l) => l.startsWith('nodejs_eventloop_lag_p99_seconds '));
    // An instance's metrics port is its own port plus the number of instances (npm run cluster).
    if (line)
      lag[`app :${Number(new URL(url).port) - metrics.length}`] =
        Math.round(Number(line.split(' ')[1]) * 10_000) / 10;
  }
  return lag;
}
