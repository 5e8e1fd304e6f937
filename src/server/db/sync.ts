import { getTableColumns, notInArray, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgTransaction } from 'drizzle-orm/pg-core';

type Transaction = PgTransaction<never, never, never>;
type TableWithId = PgTable & { id: PgColumn };

/**
 * Makes a content table hold exactly these rows (content files are the source of truth): rows whose id is gone
 * are deleted, the others inserted or, when their id exists, updated in every column but generated ones.
 */
export async function syncRows<T extends TableWithId>(
  tx: unknown,
  table: T,
  rows: (PgInsertValue<T> & { id: string })[],
): Promise<void> {
  const db = tx as Transaction;
  const ids = rows.map((row) => row.id);
  await db.delete(table).where(ids.length ? notInArray(table.id, ids) : undefined);
  if (!rows.length) return;
  const set = Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([key, column]) => key !== 'id' && !column.generated)
      .map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
  );
  await db
    .insert(table)
    .values(rows)
    .onConflictDoUpdate({ target: table.id, set: set as never });
}
