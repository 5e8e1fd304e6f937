import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helpers';
import { Leadership, type LeaderTask } from './leadership';

const t = useTestApp();
const quiet = { info: () => undefined, warn: () => undefined };
const started: Leadership[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((leadership) => leadership.stop()));
});

async function until(condition: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function instance(runs: string[], name: string) {
  const task: LeaderTask = { name: 'count', everyMs: 50, run: async () => void runs.push(name) };
  const leadership = new Leadership(t.database.url, [task], quiet, 100);
  started.push(leadership);
  return leadership;
}

describe('leadership', () => {
  it('gives the background work to one instance only, and hands it over when that one stops', async () => {
    const runs: string[] = [];
    const a = instance(runs, 'a');
    const b = instance(runs, 'b');
    const c = instance(runs, 'c');
    for (const leadership of [a, b, c]) leadership.start();
    await until(() => runs.length >= 5);
    const leaders = [a, b, c].filter((leadership) => leadership.isLeader);
    expect(leaders).toHaveLength(1);
    expect(new Set(runs).size).toBe(1);

    const first = runs[0]!;
    await leaders[0]!.stop();
    const handedOverAt = runs.length;
    await until(() => runs.slice(handedOverAt).some((name) => name !== first));
    expect(new Set(runs.slice(handedOverAt + 1))).not.toContain(first);
    expect([a, b, c].filter((leadership) => leadership.isLeader)).toHaveLength(1);
  });
});
