/**
 * The feed at scale (BENCH_ONLY=scale): the public reads of the home page on a database filled by seed:scale, one
 * request at a time, their median and 99th percentile, beside a bare SELECT of one question by its primary key in
 * the same run. The goal is a p99 of 50 ms or less for each.
 *
 * The database is BENCH_SCALE_DATABASE_URL, by default postgres://postgres@127.0.0.1:5432/mentorme_scale, created
 * and filled when it holds no more than a few hundred questions: BENCH_SCALE_QUESTIONS (1,000,000 by default) with
 * three replies and ten chat messages for each. First pages and the categories' counts are read twice: as served
 * (from the cache every write clears) and with the caches emptied before each request, which is what the first
 * reader after a write waits for. The community's counts are made once a minute in the background (readers get the
 * last ones at once): the count itself is timed beside them.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { SCALE_REFUSE_ABOVE } from '../src/server/cli/seed-scale';
import { countQuestions, prepareScaleDatabase } from '../src/server/cli/seed-scale-database';
import { seedScale } from '../src/server/cli/seed-scale-rows';
import { loadConfig } from '../src/server/config';
import { connectDatabase } from '../src/server/db/connect';
import type { Database } from '../src/server/db/client';
import { countCommunity } from '../src/server/modules/content/service';
import { clearCaches } from '../src/server/lib/ttl-cache';
import { createSession } from '../src/server/plugins/auth';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/mentorme_scale';
const CALLS = Number(process.env.BENCH_SCALE_CALLS ?? 200);
const GOAL_P99_MS = 50;
const PAGE = 20;
/** A word in a fifth of the questions (a topic and a tag), and one in none of them. */
const SEARCH = 'bond';
const RARE_SEARCH = 'kangaroo';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

type Timing = { name: string; p50: number; p99: number; inBackground?: boolean };

/** `CALLS` runs of `call` one after another, after a few to warm up; `before` runs untimed before each. */
async function time(
  name: string,
  call: () => Promise<void>,
  before?: () => void,
  calls = CALLS,
): Promise<Timing> {
  for (let i = 0; i < 5; i += 1) {
    before?.();
    await call();
  }
  const took: number[] = [];
  for (let i = 0; i < calls; i += 1) {
    before?.();
    const started = performance.now();
    await call();
    took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  return { name, p50: percentile(took, 50), p99: percentile(took, 99) };
}

/** Fills the database when it is (nearly) empty; answers its figures. */
async function ensureSeeded(url: string, log: (line: string) => void) {
  const db = await prepareScaleDatabase(url);
  try {
    if ((await countQuestions(db)) <= SCALE_REFUSE_ABOVE) {
      const questions = Number(process.env.BENCH_SCALE_QUESTIONS ?? 1_000_000);
      log(`filling ${url} with ${questions.toLocaleString('en-AU')} questions (seed:scale)…`);
      await seedScale(db, { questions, replies: 3 * questions, messages: 10 * questions }, { jobs: 2, log });
    }
    const [figures] = (
      await db.execute<{ questions: number; replies: number; messages: number; users: number }>(sql`
        select (select count(*) from questions)::int as questions, (select count(*) from replies)::int as replies,
          (select count(*) from messages)::int as messages, (select count(*) from users)::int as users`)
    ).rows;
    return figures!;
  } finally {
    await db.$client.end();
  }
}

export async function benchScale(): Promise<string[]> {
  const url = process.env.BENCH_SCALE_DATABASE_URL ?? DEFAULT_URL;
  const figures = await ensureSeeded(url, (line) => console.log(line));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    DEMO_MODE: 'false',
    DATA_DIR: process.env.DATA_DIR ?? '.data/bench',
    RATE_LIMIT_GLOBAL_PER_MINUTE: '100000000',
  });
  const database = await connectDatabase(config, () => undefined);
  const db: Database = database.db;
  const app = await buildApp({ config, db, clientDir: null, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const timings: Timing[] = [];
  try {
    const get = async (path: string) => {
      const response = await fetch(base + path);
      const body = await response.text();
      if (!response.ok) throw new Error(`${path}: ${response.status} ${body}`);
      return body;
    };
    const call = (path: string) => async () => void (await get(path));
    const cold = () => clearCaches(db);
    /** The address of the tenth page, reached by following nextCursor from the first. */
    const tenth = async (query: string) => {
      let cursor: string | null = null;
      for (let page = 1; page < 10; page += 1) {
        const list = JSON.parse(await get(`/api/questions?${query}${cursor ? `&cursor=${cursor}` : ''}`)) as {
          nextCursor: string | null;
        };
        cursor = list.nextCursor;
        if (!cursor) throw new Error(`${query}: fewer than ten pages`);
      }
      return `/api/questions?${query}&cursor=${cursor}`;
    };

    const { rows } = await db.execute<{ id: string }>(
      sql`select id from questions tablesample system (1) limit 1000`,
    );
    const ids = rows.map((row) => row.id);
    let next = 0;
    timings.push(
      await time('bare SELECT of a question by primary key', async () => {
        await db.$client.query('select * from questions where id = $1', [ids[next++ % ids.length]]);
      }),
    );
    for (const sort of ['trending', 'latest'] as const) {
      const first = `/api/questions?sort=${sort}&limit=${PAGE}`;
      timings.push(await time(`${sort}: page 1, as served`, call(first)));
      timings.push(await time(`${sort}: page 1, caches emptied`, call(first), cold));
      timings.push(await time(`${sort}: page 10 (cursor)`, call(await tenth(`sort=${sort}&limit=${PAGE}`))));
    }
    for (const sort of ['trending', 'latest'] as const) {
      const query = `sort=${sort}&category=founders&limit=${PAGE}`;
      timings.push(
        await time(`${sort}, smallest topic: page 1, caches emptied`, call(`/api/questions?${query}`), cold),
      );
      timings.push(await time(`${sort}, smallest topic: page 10 (cursor)`, call(await tenth(query))));
    }
    for (const sort of ['trending', 'latest'] as const) {
      const query = `sort=${sort}&q=${SEARCH}&limit=${PAGE}`;
      timings.push(await time(`search "${SEARCH}", ${sort}: page 1`, call(`/api/questions?${query}`)));
      timings.push(await time(`search "${SEARCH}", ${sort}: page 10 (cursor)`, call(await tenth(query))));
    }
    for (const sort of ['trending', 'latest'] as const) {
      const query = `sort=${sort}&q=${RARE_SEARCH}&limit=${PAGE}`;
      timings.push(
        await time(`search "${RARE_SEARCH}" (no match), ${sort}`, call(`/api/questions?${query}`)),
      );
    }
    // A verified mentor's "Waiting for you" (its first and tenth pages), with topics that match a share of them.
    const [mentor] = (
      await db.execute<{ id: string }>(sql`
        update users set topics = '{housing,work-career}', languages = '{en,vi}'
        where id = (select id from users where role = 'mentor' and mentor_verified_at is not null limit 1)
        returning id`)
    ).rows;
    const bearer = { authorization: `Bearer ${await createSession(db, mentor!.id)}` };
    const waiting = async (path: string) => {
      const response = await fetch(base + path, { headers: bearer });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { nextCursor: string | null };
    };
    let tenthWaiting = '/api/mentor/waiting';
    for (let page = 1; page < 10; page += 1) {
      const { nextCursor } = await waiting(tenthWaiting);
      tenthWaiting = `/api/mentor/waiting?cursor=${encodeURIComponent(nextCursor!)}`;
    }
    timings.push(
      await time('waiting for a mentor: page 1', async () => void (await waiting('/api/mentor/waiting'))),
    );
    timings.push(
      await time('waiting for a mentor: page 10 (cursor)', async () => void (await waiting(tenthWaiting))),
    );
    timings.push(await time('categories, as served', call('/api/categories')));
    timings.push(await time('categories, caches emptied', call('/api/categories'), cold));
    timings.push(await time('community stats, as served', call('/api/stats/community')));
    // Readers never wait for this count: it is made once a minute, in the background, while the last is answered.
    const counting = await time(
      'community stats, the count itself',
      async () => void (await countCommunity(database.db)),
      undefined,
      20,
    );
    timings.push({ ...counting, inBackground: true });
  } finally {
    await app.close();
    await database.close();
  }
  const n = (value: number) => value.toLocaleString('en-AU');
  const lines = [
    `feed at scale: ${n(figures.questions)} questions, ${n(figures.replies)} replies, ${n(figures.messages)} messages, ${n(figures.users)} members; ${CALLS} requests each, one at a time, ${PAGE} to a page`,
  ];
  for (const t of timings) {
    const mark = t.inBackground
      ? '   (in the background, once a minute)'
      : t.p99 <= GOAL_P99_MS
        ? ''
        : `   over the ${GOAL_P99_MS} ms goal`;
    lines.push(
      `${t.name.padEnd(48)} p50 ${t.p50.toFixed(1).padStart(7)} ms   p99 ${t.p99.toFixed(1).padStart(7)} ms${mark}`,
    );
  }
  return lines;
}
