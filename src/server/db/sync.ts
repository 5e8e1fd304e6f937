import { and, getTableColumns, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Transaction } from './client';

type TableWithId = PgTable & { id: PgColumn };

/**
 * What content may not overwrite: `kept` rows are neither updated nor deleted (`replace`, when given, lets a kept
 * row be updated after all), and the `keep` columns are never written on update.
 */
export type SyncGuard = { kept: SQL; replace?: SQL; keep?: string[] };

/**
 * Makes a content table hold these rows (content files are the source of truth): rows whose id is gone are
 * deleted, the others inserted or, when their id exists, updated in every column but generated ones. A guard
 * keeps rows changed outside the files (see SyncGuard).
 */
export async function syncRows<T extends TableWithId>(
  tx: unknown,
  table: T,
  rows: (PgInsertValue<T> & { id: string })[],
  guard?: SyncGuard,
): Promise<void> {
  const db = tx as Transaction;
  const ids = rows.map((row) => row.id);
  const gone = ids.length ? notInArray(table.id, ids) : undefined;
  await db.delete(table).where(guard ? and(gone, sql`not (${guard.kept})`) : gone);
  if (!rows.length) return;
  const set = Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([key, column]) => key !== 'id' && !column.generated && !guard?.keep?.includes(key))
      .map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
  );
  const setWhere = guard && sql`not (${guard.kept})${guard.replace ? sql` or (${guard.replace})` : sql``}`;
  await db
    .insert(table)
    .values(rows)
    .onConflictDoUpdate({ target: table.id, set: set as never, setWhere });
}
