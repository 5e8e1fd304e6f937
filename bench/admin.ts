/**
 * The admin dashboard's reads on the benchmark's 10,000 questions with 1,000 open reports on 400 of them: each call
 * made one after another (an admin is one person), its median and 95th percentile.
 * Beside them, the public first page of the feed read without its cache, as the baseline of a plain indexed read.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { createSession } from '../src/server/plugins/auth';

const CALLS = Number(process.env.BENCH_ADMIN_CALLS ?? 100);
const REPORTERS = 5;

/** 400 reported questions, most with several reporters: 1,000 open reports, as a busy week could leave. */
async function seedReports(db: Database): Promise<void> {
  const [row] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from reports`)).rows;
  if ((row?.n ?? 0) >= 1_000) return;
  await db.execute(sql`
    insert into users (email, display_name, password_hash)
    select 'bench-reporter-' || n || '@bench.example', 'Bench reporter ' || n, 'x'
    from generate_series(1, ${REPORTERS}) as n
    on conflict do nothing`);
  await db.execute(sql`
    with reported as (select id, row_number() over (order by created_at desc) as k from questions limit 400),
      reporters as (select id, row_number() over (order by email) as r from users
        where email like 'bench-reporter-%@bench.example')
    insert into reports (reporter_id, question_id, target_type, target_id, reason)
    select reporters.id, reported.id, 'question', reported.id, 'spam'
    from reported join reporters on reporters.r <= 1 + (reported.k % ${REPORTERS})
    limit 1000
    on conflict do nothing`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(url: string, headers: Record<string, string>): Promise<string> {
  for (let i = 0; i < 5; i += 1) await (await fetch(url, { headers })).arrayBuffer();
  const took: number[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  return `median ${percentile(took, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(took, 95).toFixed(1).padStart(6)} ms`;
}

export async function benchAdmin(appUrl: string, db: Database): Promise<string[]> {
  await seedReports(db);
  const [admin] = (
    await db.execute<{ id: string }>(
      sql`select id from users where role = 'admin' order by created_at limit 1`,
    )
  ).rows;
  const headers = { authorization: `Bearer ${await createSession(db, admin!.id)}` };
  const calls: [string, string][] = [
    // A search never comes from the cache: a fair baseline for a read that is not cached either.
    ['baseline GET /api/questions?q=renting', '/api/questions?q=renting&limit=20'],
    ['GET /api/admin/stats', '/api/admin/stats'],
    ['GET /api/admin/questions', '/api/admin/questions'],
    ['GET /api/admin/questions?filter=unanswered', '/api/admin/questions?filter=unanswered'],
    ['GET /api/admin/questions?filter=reported', '/api/admin/questions?filter=reported'],
    ['GET /api/admin/users', '/api/admin/users'],
    ['GET /api/admin/reports?status=open', '/api/admin/reports?status=open'],
    ['GET /api/admin/audit', '/api/admin/audit'],
  ];
  const lines = [`admin dashboard reads, ${CALLS} calls each, one at a time`];
  for (const [name, path] of calls) lines.push(`${name.padEnd(44)} ${await time(appUrl + path, headers)}`);
  return lines;
}
