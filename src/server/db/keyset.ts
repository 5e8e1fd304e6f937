import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { encodeCursor } from '../../shared/cursor';
import type { Database } from './client';

/** A time to the microsecond, in UTC, for a cursor: a JavaScript date keeps only milliseconds. */
export const exactTime = (time: SQLWrapper) =>
  sql<string>`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The rows after a cursor of a list ordered by a time and then an id: newest first (`desc`) or oldest first
 * (`asc`). The id takes its column's type.
 */
export const afterTime = (
  time: SQLWrapper,
  id: SQLWrapper,
  cursor: { createdAt: string; id: string | number },
  order: 'asc' | 'desc' = 'desc',
) =>
  sql`(${time}, ${id}) ${sql.raw(order === 'desc' ? '<' : '>')} (${cursor.createdAt}::timestamptz, ${cursor.id})`;

/**
 * A page of a list read with one row more than it shows: the rows to show and, when that one more row came, the
 * cursor after the last of them (its sort keys, ending with its id).
 */
export function keysetPage<Row>(rows: Row[], size: number, position: (last: Row) => object) {
  const page = rows.slice(0, size);
  return { page, nextCursor: rows.length > size ? encodeCursor(position(page[size - 1]!)) : null };
}

/**
 * A page of groups (the reports on one item, say) ordered by their newest row, newest first: `grouped` selects each
 * group's newest row's `id` and time (`last_at`), and a page starts after the cursor's group.
 */
export async function newestGroupsPage<Row extends { id: string }>(
  db: Database,
  grouped: SQL,
  cursor: { createdAt: string; id: string } | undefined,
  size: number,
) {
  const result = await db.execute<Row & { last_at_exact: string }>(sql`
    select *, ${exactTime(sql`g.last_at`)} as last_at_exact from (${grouped}) g
    where ${cursor ? afterTime(sql`g.last_at`, sql`g.id`, cursor) : sql`true`}
    order by g.last_at desc, g.id desc
    limit ${size + 1}`);
  return keysetPage(result.rows, size, (last) => ({ createdAt: last.last_at_exact, id: last.id }));
}
