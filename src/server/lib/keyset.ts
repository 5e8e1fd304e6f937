import { sql, type SQLWrapper } from 'drizzle-orm';
import { encodeCursor } from '../../shared/cursor';

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
