/**
 * npm run bench: load-tests the app against a bare Fastify baseline measured in the same run, measures what
 * Chloe's stream adds to a provider's (bench/chloe.ts), delivers mentor chat to 1,000 sockets on two instances
 * beside a bare ws server (bench/chat.ts; `BENCH_ONLY=chat` runs only that), times the admin dashboard's reads
 * (bench/admin.ts; `BENCH_ONLY=admin`), sends 1,000 emails through the outbox beside Nodemailer sending them directly
 * (bench/mail.ts; `BENCH_ONLY=mail`), posts one reply to a question with 10,000 followers and times the rows and
 * the bells on two instances beside a bare NOTIFY (bench/notify.ts; `BENCH_ONLY=notify`), compares a signed-in
 * member's health, feed and question page with a visitor's (`BENCH_ONLY=member`), reports the home route's
 * JavaScript size, and runs Lighthouse's mobile audit on the public pages and, signed in, on the members' pages
 * (bench/lighthouse.ts; `BENCH_ONLY=lighthouse`). Uses DATABASE_URL when set, else the embedded PostgreSQL in
 * .data/bench. Builds the client first when dist/ is missing. `BENCH_ONLY=scale` alone times the feed, the
 * categories and the community's counts on a million questions, in a database of its own (bench/scale.ts);
 * `BENCH_ONLY=retrieval` alone times Chloe's retrieval on 10,000 answered questions, by words and fused with an
 * embedding model, beside a bare full-text query, in a database of its own (bench/retrieval.ts). `BENCH_ONLY=audio`
 * alone times reading a crowded voice note's duration (bench/audio.ts).
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { sql } from 'drizzle-orm';
import { connectDatabase } from '../src/server/db/connect';
import type { Database } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed/demo';
import { seedCategories } from '../src/server/modules/questions/categories';
import { createSession } from '../src/server/plugins/auth';
import { routeJavaScript } from './bundle';
import { benchAdmin } from './admin';
import { benchAudio } from './audio';
import { benchChat } from './chat';
import { benchChloe } from './chloe';
import { benchLighthouse } from './lighthouse';
import { benchMail } from './mail';
import { benchNotify } from './notify';
import { benchRetrieval } from './retrieval';
import { benchScale } from './scale';

const root = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;

type Result = { name: string; rps: number; p99: number };

/**
 * autocannon runs in its own process, so the load generator does not share the server's event loop; a
 * second of warm-up first lets the JIT and the caches settle for both sides alike.
 */
async function measure(
  name: string,
  url: string,
  headers: string[] = [],
  connections = CONNECTIONS,
): Promise<Result> {
  const cannon = (seconds: number) =>
    promisify(execFile)(
      path.join(root, 'node_modules/.bin/autocannon'),
      [
        '--json',
        '-c',
        String(connections),
        '-d',
        String(seconds),
        ...headers.flatMap((header) => ['-H', header]),
        url,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
  await cannon(1);
  const { stdout } = await cannon(DURATION);
  const result = JSON.parse(stdout) as {
    non2xx: number;
    errors: number;
    requests: { average: number };
    latency: { p99: number };
  };
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { name, rps: result.requests.average, p99: result.latency.p99 };
}

const QUESTIONS = 10_000;

/** What a signed-in member gets beside what a visitor gets, and the goals for the ratio (issue #32). */
const MEMBER_GOALS = { health: 0.7, feed: 0.6, question: 0.5 } as const;
const MEMBER_CONNECTIONS = 20;

/**
 * Signed in as fast as a visitor: the same three calls by a visitor and by a member (a bearer session of the demo
 * student), one after the other, with the member ÷ visitor throughput against its goal.
 */
async function benchMember(appUrl: string, db: Database, detailId: string): Promise<string[]> {
  const [student] = (
    await db.execute<{ id: string }>(sql`select id from users where email = 'student@demo.mentorme.example'`)
  ).rows;
  const token = await createSession(db, student!.id);
  const member = [`authorization=Bearer ${token}`];
  // The visitor sends a header as long, so the load generator (on the same machine) does the same work for both.
  const visitorPad = [`x-bench-pad=${'x'.repeat(`Bearer ${token}`.length)}`];
  const calls = [
    ['health', '/api/health'],
    ['feed', '/api/questions?sort=trending&limit=20'],
    ['question', `/api/questions/${detailId}`],
  ] as const;
  const lines = [`member ÷ visitor, ${MEMBER_CONNECTIONS} connections, ${DURATION} s each`];
  for (const [name, call] of calls) {
    const visitor = await measure(`visitor ${name}`, `${appUrl}${call}`, visitorPad, MEMBER_CONNECTIONS);
    const signedIn = await measure(`member ${name}`, `${appUrl}${call}`, member, MEMBER_CONNECTIONS);
    const ratio = signedIn.rps / visitor.rps;
    lines.push(
      `${name.padEnd(9)} visitor ${visitor.rps.toFixed(0).padStart(6)} req/s p99 ${String(visitor.p99).padStart(3)} ms` +
        `   member ${signedIn.rps.toFixed(0).padStart(6)} req/s p99 ${String(signedIn.p99).padStart(3)} ms` +
        `   ratio ${ratio.toFixed(2)} (goal ≥ ${MEMBER_GOALS[name]}) ${ratio >= MEMBER_GOALS[name] ? 'met' : 'NOT MET'}`,
    );
  }
  return lines;
}

/** Tops the benchmark database up to 10,000 questions, spread over 90 days, with likes and replies counted. */
async function seedQuestions(db: Database): Promise<void> {
  await seedCategories(db);
  await seedDemo(db);
  const [row] = (await db.execute<{ count: number }>(sql`select count(*)::int as count from questions`)).rows;
  const missing = QUESTIONS - (row?.count ?? 0);
  if (missing <= 0) return;
  await db.execute(sql`
    insert into questions (author_id, category_id, title, content, tags, is_urgent, upvotes, reply_count, created_at)
    select (select id from users where email = 'student@demo.mentorme.example'),
      (select id from categories order by sort_order offset (n % 7) limit 1),
      'Benchmark question ' || n || ' about renting, work and study in Australia',
      repeat('Some details about the situation, written by a student who needs help. ', 8),
      array['bench', 'tag' || (n % 50)],
      n % 997 = 0,
      (n * 7919) % 40,
      (n * 104729) % 6,
      now() - ((n % 2160) || ' hours')::interval
    from generate_series(1, ${missing}) as n`);
}

async function main() {
  // On a database of its own, with no page served from dist/.
  if (process.env.BENCH_ONLY === 'scale') {
    for (const line of await benchScale()) console.log(line);
    return;
  }
  if (process.env.BENCH_ONLY === 'audio') {
    for (const line of benchAudio()) console.log(line);
    return;
  }
  if (process.env.BENCH_ONLY === 'retrieval') {
    for (const line of await benchRetrieval()) console.log(line);
    return;
  }
  if (!existsSync(path.join(root, 'dist/client/index.html'))) {
    execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  }
  if (process.env.BENCH_ONLY === 'lighthouse') {
    for (const line of await benchLighthouse()) console.log(line);
    return;
  }
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: process.env.DATA_DIR ?? '.data/bench',
    RATE_LIMIT_GLOBAL_PER_MINUTE: '100000000',
    // Rate limits live in the database and outlast a run: room for every run's Chloe messages.
    CHLOE_MESSAGES_PER_VISITOR: '100000000',
  });
  const database = await connectDatabase(config, () => undefined);
  const app = await buildApp({
    config,
    db: database.db,
    clientDir: path.join(root, 'dist/client'),
    logger: false,
  });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  // The baseline: what plain Fastify does with the same answers held in memory.
  const indexHtml = readFileSync(path.join(root, 'dist/client/index.html'), 'utf8');
  const baseline = Fastify({ logger: false });
  baseline.get('/health', async () => ({ status: 'ok' }));
  baseline.get('/', async (_request, reply) => reply.type('text/html').send(indexHtml));

  await seedQuestions(database.db);
  // The baseline's answer: the app's own first page, held in memory (the same bytes, no work).
  const firstPage = (await (await fetch(`${appUrl}/api/questions?sort=trending&limit=20`)).json()) as {
    questions: { id: string; replyCount: number }[];
  };
  const staticPage = JSON.stringify(firstPage);
  const detailId = firstPage.questions.find((q) => q.replyCount > 0)?.id ?? firstPage.questions[0]!.id;
  const staticDetail = await (await fetch(`${appUrl}/api/questions/${detailId}`)).text();
  baseline.get('/questions', async (_request, reply) => reply.type('application/json').send(staticPage));
  baseline.get('/question', async (_request, reply) => reply.type('application/json').send(staticDetail));

  const baselineUrl = await baseline.listen({ port: 0, host: '127.0.0.1' });
  const pairs: [Result, Result][] = [];
  const chloe: string[] = [];
  const chat: string[] = [];
  const admin: string[] = [];
  const mail: string[] = [];
  const notify: string[] = [];
  const members: string[] = [];
  const only = process.env.BENCH_ONLY;
  const onlyChat = only === 'chat';
  try {
    if (!only || only === 'admin') admin.push(...(await benchAdmin(appUrl, database.db)));
    if (!only || only === 'member') members.push(...(await benchMember(appUrl, database.db, detailId)));
    if (!only) {
      pairs.push([
        await measure('baseline static 20 questions', `${baselineUrl}/questions`),
        await measure('app GET /api/questions (trending)', `${appUrl}/api/questions?sort=trending&limit=20`),
      ]);
      pairs.push([
        await measure('baseline static question', `${baselineUrl}/question`),
        await measure('app GET /api/questions/:id', `${appUrl}/api/questions/${detailId}`),
      ]);
      pairs.push([
        await measure('baseline GET /health', `${baselineUrl}/health`),
        await measure('app GET /api/health', `${appUrl}/api/health`),
      ]);
      pairs.push([
        await measure('baseline GET / (html in memory)', `${baselineUrl}/`),
        await measure('app GET / (home page)', `${appUrl}/`),
      ]);
      chloe.push(...(await benchChloe(config, database.db)));
    }
    if (!only || onlyChat) chat.push(...(await benchChat(config, database.db)));
    if (!only || only === 'mail') mail.push(...(await benchMail(database.db)));
    if (!only || only === 'notify') notify.push(...(await benchNotify(config, database.db)));
  } finally {
    await app.close();
    await baseline.close();
    await database.close();
  }
  if (only) {
    for (const line of [...chat, ...admin, ...mail, ...notify, ...members]) console.log(line);
    return;
  }

  console.log(`\n${QUESTIONS} questions, ${CONNECTIONS} connections, ${DURATION} s each`);
  for (const [base, measured] of pairs) {
    for (const r of [base, measured]) {
      console.log(
        `${r.name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms`,
      );
    }
    console.log(`${'ratio app / baseline'.padEnd(36)} ${(measured.rps / base.rps).toFixed(2).padStart(7)}\n`);
  }
  for (const line of members) console.log(line);
  console.log('');
  for (const line of chloe) console.log(line);
  console.log('');
  for (const line of chat) console.log(line);
  console.log('');
  for (const line of admin) console.log(line);
  console.log('');
  for (const line of [...mail, ...notify, ...benchAudio()]) console.log(line);
  console.log('');
  const js = routeJavaScript('features/questions/feed-page.tsx');
  console.log(
    `home route JavaScript: ${(js.gzipBytes / 1024).toFixed(1)} KB gzip (${js.files.length} files)`,
  );
  console.log('');
  // Last, once the load tests' server has stopped, so the page loads have the machine to themselves.
  for (const line of await benchLighthouse()) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
