/**
 * Notifications at scale: one reply to a question with 10,000 followers, posted to one of two app instances that
 * share the database. Reports how long until every follower's notification row exists (the reply's request writes
 * them in its transaction), and how long 1,000 followers' sockets, half on each instance, wait for their bell's new
 * count, beside a bare NOTIFY round trip between two connections measured in the same run.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { WebSocket } from 'ws';
import { buildApp } from '../src/server/app';
import type { Config } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { createSession } from '../src/server/plugins/auth';
import { behindProxy, personAddress } from './addresses';

const FOLLOWERS = Number(process.env.BENCH_NOTIFY_FOLLOWERS ?? 10_000);
const SOCKETS = Math.min(FOLLOWERS, Number(process.env.BENCH_NOTIFY_SOCKETS ?? 1_000));
const NOTIFY_TRIALS = 200;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The followers, the first of them the asker (old accounts, so no new-account posting limit applies), and the replier. */
async function seed(db: Database, run: string) {
  await db.execute(sql`
    insert into users (email, display_name, password_hash, role, created_at)
    select 'bench-' || ${run} || '-' || n || '@notify-bench.example', 'Follower ' || n, '-', 'student',
      now() - interval '30 days'
    from generate_series(1, ${FOLLOWERS}) as n`);
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from users where email like ${`bench-${run}-%`} order by email`);
  const asker = rows[0]!.id;
  const [question] = (
    await db.execute<{ id: string }>(sql`
      insert into questions (author_id, title, content) values (${asker}, 'Bench: my bond was not returned',
        'The landlord kept my bond after I moved out. What can I do?') returning id`)
  ).rows;
  await db.execute(sql`
    insert into question_follows (user_id, question_id)
    select id, ${question!.id}::uuid from users where email like ${`bench-${run}-%`}`);
  const replier = (
    await db.execute<{ id: string }>(sql`
      insert into users (email, display_name, password_hash, role, mentor_verified_at, created_at)
      values (${`bench-${run}-mentor@notify-bench.example`}, 'Bench Mentor', '-', 'mentor', now(),
        now() - interval '30 days') returning id`)
  ).rows[0]!.id;
  const listeners = rows.slice(1, SOCKETS + 1).map((row) => row.id);
  return { questionId: question!.id, replier, listeners };
}

/** The delay of one NOTIFY from one connection to another that LISTENs, `NOTIFY_TRIALS` times. */
async function bareNotify(connectionString: string): Promise<number[]> {
  const listener = new pg.Client({ connectionString });
  const sender = new pg.Client({ connectionString });
  await Promise.all([listener.connect(), sender.connect()]);
  await listener.query('LISTEN notify_bench');
  const delays: number[] = [];
  for (let i = 0; i < NOTIFY_TRIALS; i += 1) {
    const heard = new Promise<void>((resolve) => listener.once('notification', () => resolve()));
    const start = performance.now();
    await sender.query(`NOTIFY notify_bench, '${i}'`);
    await heard;
    delays.push(performance.now() - start);
  }
  await Promise.all([listener.end(), sender.end()]);
  return delays;
}

export async function benchNotify(config: Config, db: Database): Promise<string[]> {
  const run = randomUUID().slice(0, 8);
  const apps = await Promise.all(
    [0, 1].map(() => buildApp({ config: behindProxy(config), db, clientDir: null, logger: false })),
  );
  try {
    const urls = await Promise.all(apps.map((app) => app.listen({ port: 0, host: '127.0.0.1' })));
    const { questionId, replier, listeners } = await seed(db, run);
    const sockets = await Promise.all(
      listeners.map(async (userId, i) => {
        const token = await createSession(db, userId);
        const ws = new WebSocket(`${urls[i % 2]!.replace(/^http/, 'ws')}/ws`, {
          headers: { authorization: `Bearer ${token}`, ...personAddress(i) },
        });
        await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
        return ws;
      }),
    );
    const heardAt: number[] = [];
    const allHeard = new Promise<void>((resolve) => {
      for (const ws of sockets)
        ws.on('message', (data) => {
          if ((JSON.parse(data.toString()) as { type: string }).type !== 'notifications') return;
          heardAt.push(performance.now());
          if (heardAt.length === sockets.length) resolve();
        });
    });

    const token = await createSession(db, replier);
    const start = performance.now();
    const response = await fetch(`${urls[0]}/api/questions/${questionId}/replies`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'You can apply to the bond authority of your state to get it back.' }),
    });
    const written = performance.now() - start;
    if (response.status !== 201) throw new Error(`reply: ${response.status} ${await response.text()}`);
    const [{ count }] = (
      await db.execute<{ count: number }>(sql`
        select count(*)::int as count from notifications where question_id = ${questionId}::uuid`)
    ).rows as [{ count: number }];
    if (count !== FOLLOWERS) throw new Error(`${count} notification rows for ${FOLLOWERS} followers`);
    await Promise.race([
      allHeard,
      new Promise((_, reject) => setTimeout(() => reject(new Error('bells not all heard in 30 s')), 30_000)),
    ]);
    const delays = heardAt.map((at) => at - start);
    const afterAnswer = delays.map((delay) => delay - written);
    for (const ws of sockets) ws.close();
    const bare = await bareNotify(db.$client.options.connectionString!);
    return [
      `\nnotifications: one reply to a question with ${FOLLOWERS.toLocaleString('en')} followers, two instances`,
      `every notification row written (the reply's request)  ${ms(written)}`,
      `bell on ${SOCKETS} sockets (half on each instance), from the reply's request   p50 ${ms(percentile(delays, 50))}   p99 ${ms(percentile(delays, 99))}`,
      `  the same, from the request's answer (its commit)   p50 ${ms(percentile(afterAnswer, 50))}   p99 ${ms(percentile(afterAnswer, 99))}`,
      `bare NOTIFY round trip (${NOTIFY_TRIALS} trials)               p50 ${ms(percentile(bare, 50))}   p99 ${ms(percentile(bare, 99))}`,
    ];
  } finally {
    await Promise.all(apps.map((app) => app.close()));
    await db.execute(sql`delete from users where email like '%@notify-bench.example'`);
  }
}
