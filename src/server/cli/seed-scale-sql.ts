/** How seed:scale makes its rows inside PostgreSQL: shares that add up exactly, ids made from keys, batches. */
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';

/** A prime that does not divide `n`: multiplying by it modulo `n` shuffles 0 … n-1 without repeats. */
export function coprimeStride(n: number): number {
  return [1_000_003, 999_983, 104_729, 7_919].find((p) => n % p !== 0)!;
}

/**
 * Shares of a total that add up to it exactly, however uneven: row `index` (0-based, after the shuffle) of `count`
 * gets floor(total · F((index + 1) / count)) − floor(total · F(index / count)), with F growing from 0 to 1. The sum
 * telescopes to the total; a steep F gives a few rows many and most rows few.
 */
export function shareOf(total: number, count: number, index: SQL, curve: (x: SQL) => SQL): SQL {
  const at = (k: SQL) => sql`floor(${total}::float8 * ${curve(sql`(${k})::float8 / ${count}`)})`;
  return sql`(${at(sql`${index} + 1`)} - ${at(index)})::int`;
}

/** Half even, half to a steep few: most questions draw a reply or two, the most discussed dozens. */
export const replyCurve = (x: SQL) => sql`(0.5 * ${x} + 0.5 * power(${x}, 30))`;
/** Conversations from a handful of messages to a few hundred. */
export const messageCurve = (x: SQL) => sql`(0.3 * ${x} + 0.7 * power(${x}, 3))`;

export const pick = (values: string[], index: SQL) =>
  sql`(${sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]`)})[1 + ((${index}) % ${values.length})]`;

/** A v4-shaped uuid made from a key, so that a later statement finds a row by its number without looking it up. */
export function idOf(run: string, kind: string, n: SQL): SQL {
  return sql`overlay(overlay(md5(${`${run}:${kind}:`}::text || (${n})::text) placing '4' from 13) placing '8' from 17)::uuid`;
}

/**
 * Runs the statement of `batch` over 1 … total in batches, `jobs` at a time, each in its own transaction. A lost last
 * batch on a crash costs nothing here, so no commit waits for the disk.
 */
export async function inBatches(
  db: Database,
  total: number,
  size: number,
  jobs: number,
  batch: (from: number, to: number) => SQL,
): Promise<void> {
  let next = 1;
  const worker = async () => {
    while (next <= total) {
      const from = next;
      const to = Math.min(total, from + size - 1);
      next = to + 1;
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local synchronous_commit = off`);
        await tx.execute(batch(from, to));
      });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
}

export function rate(count: number, started: number): string {
  const seconds = (performance.now() - started) / 1000;
  return `${count.toLocaleString('en-AU')} in ${seconds.toFixed(1)} s (${Math.round(count / Math.max(seconds, 0.001)).toLocaleString('en-AU')}/s)`;
}
