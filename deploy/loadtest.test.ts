/**
 * The load test's smoke run: `npm run loadtest` with 50 people for 30 s on a cluster of its own (nginx and three
 * instances) on the machine's PostgreSQL. Every request must get the answer its journey expects and every chat
 * message must arrive once. Runs when DATABASE_URL names a PostgreSQL server (`.ci/run` does), else skipped.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { StepReport } from '../bench/loadtest/ramp';
import { withDatabase } from '../src/server/db/client';

const root = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.DATABASE_URL;
const PORT = Number(process.env.LOADTEST_SMOKE_PORT ?? 5700);

describe.skipIf(!adminUrl)('npm run loadtest: 50 people for 30 s on the cluster', () => {
  it('answers every request as the journeys expect and delivers every chat message once', async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'mentorme-loadtest-'));
    const { stdout } = await promisify(execFile)(
      'npm',
      [
        'run',
        'loadtest',
        '--',
        ...['--users', '50', '--duration', '30', '--questions', '2000', '--port', String(PORT), '--out', out],
        ...['--database-url', withDatabase(adminUrl!, 'mentorme_loadtest_smoke')],
      ],
      { cwd: root, maxBuffer: 16 * 1024 * 1024, timeout: 280_000 },
    );
    const last = stdout.trim().split('\n').at(-1)!;
    expect(last).toMatch(
      /^loadtest: held \d+ users \(p50 [\d.]+ ms, p99 [\d.]+ ms, errors [\d.]+%, chat \d+\/\d+ delivered, p99 [\d.]+ ms\)$/,
    );

    const report = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8')) as { steps: StepReport[] };
    expect(report.steps).toHaveLength(1);
    const [step] = report.steps;
    expect(step!.users).toBe(50);
    expect(step!.errorKinds).toEqual({});
    expect(step!.errors).toBe(0);
    expect(step!.requests).toBeGreaterThan(200);
    // 50 people: 12 members and 2 pairs of a student and a mentor who chat, every one of them signed in.
    expect(step!.signIns).toBe(16);
    expect(step!.chat.sent).toBeGreaterThan(0);
    expect(step!.chat).toMatchObject({ delivered: step!.chat.sent, lost: 0, duplicates: 0 });
    expect(step!.chloe.asked).toBeGreaterThan(0);
    expect(step!.chloe.finished).toBe(step!.chloe.asked);
    expect(Object.keys(step!.processes)).toEqual(
      expect.arrayContaining(['load generator', 'nginx', 'postgres', `app :${PORT + 1}`]),
    );
    expect(readFileSync(path.join(out, 'chart.svg'), 'utf8')).toMatch(/^<svg[^>]+role="img"/);
  });
});
