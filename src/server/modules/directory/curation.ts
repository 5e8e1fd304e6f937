import { and, eq, sql, type SQL } from 'drizzle-orm';
import { australianToday, monthsBefore } from '../../../shared/australian-date';
import type { Locale } from '../../../shared/constants';
import { DIRECTORY_REVIEW_MONTHS, type DirectoryEntryType } from '../../../shared/directory';
import { ADMIN_LIMITS } from '../../../shared/schemas/admin';
import type {
  AdminDirectoryCursor,
  AdminDirectoryEntry,
  AdminDirectoryResponse,
  AdminDirectoryStatus,
} from '../../../shared/schemas/directory';
import type { GovernmentService, Organisation } from '../../../shared/schemas/resources';
import type { Database } from '../../db/client';
import { directoryReports, governmentServices, organisations, users } from '../../db/schema';
import { errors } from '../../errors';
import { keysetPage } from '../../db/keyset';
import type { SessionUser } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { writeGovernmentService, writeOrganisation } from './entries';

export type DirectoryListQuery = {
  type: DirectoryEntryType;
  state?: string;
  category?: string;
  status: AdminDirectoryStatus;
  q?: string;
  cursor?: AdminDirectoryCursor;
};

/** What a list row is made of, for either table. */
function columns(type: DirectoryEntryType, locale: Locale) {
  if (type === 'organisation') {
    const o = organisations;
    return {
      table: o,
      id: o.id,
      name: sql<string>`${o.data}->>'name'`,
      place: sql<string | null>`${o.data}->>'suburb'`,
      reviewed: sql<string>`${o.data}->>'lastReviewed'`,
      searched: sql`concat_ws(' ', ${o.id}, ${o.data}->>'name', ${o.data}->>'suburb', ${o.postcode})`,
      category: o.category,
      state: o.state,
      editedAt: o.editedAt,
      archivedAt: o.archivedAt,
    };
  }
  const g = governmentServices;
  return {
    table: g,
    id: g.id,
    // The title in the admin's language where it has been written in it, else in English.
    name: sql<string>`coalesce(${g.data}->'title'->>${locale}, ${g.titleEn})`,
    place: g.city,
    reviewed: sql<string>`${g.data}->>'lastUpdated'`,
    searched: sql`concat_ws(' ', ${g.id}, ${g.titleEn}, ${g.titleVi}, ${g.department}, ${g.city})`,
    category: g.category,
    state: g.state,
    editedAt: g.editedAt,
    archivedAt: g.archivedAt,
  };
}

/** The day before which a review is due (12 months before today, in Australia). */
export function reviewCutoff(now = new Date()): string {
  return monthsBefore(australianToday(now), DIRECTORY_REVIEW_MONTHS);
}

/**
 * The Directory tab: organisations or government services, filtered by state, category and status (active, needing
 * review, archived, all) and searched by name, id, place or department; entries needing review oldest first,
 * others by state and name (national services last), then id. A page starts after the cursor's entry; `total`
 * counts every entry the filters match.
 */
export async function listDirectory(
  db: Database,
  query: DirectoryListQuery,
  locale: Locale,
): Promise<AdminDirectoryResponse> {
  const c = columns(query.type, locale);
  const cutoff = reviewCutoff();
  const where: SQL[] = [];
  if (query.state) where.push(eq(c.state, query.state));
  if (query.category) where.push(eq(c.category, query.category));
  if (query.status === 'archived') where.push(sql`${c.archivedAt} is not null`);
  else if (query.status !== 'all') where.push(sql`${c.archivedAt} is null`);
  if (query.status === 'needs-review') where.push(sql`${c.reviewed} < ${cutoff}`);
  if (query.q) where.push(sql`${c.searched} ilike ${`%${query.q.replace(/[\\%_]/g, '\\$&')}%`}`);
  // Named in full: inside the subquery a bare "id" would be the report's.
  const entryId = sql.raw(query.type === 'organisation' ? 'organisations.id' : 'government_services.id');
  const openReports = sql<number>`(select count(*)::int from ${directoryReports} r
    where r.entry_type = ${query.type} and r.entry_id = ${entryId} and r.status = 'open')`;
  const byReview = query.status === 'needs-review';
  // The list's order, as a row: (review date,) national last, state, name, id.
  const national = sql<boolean>`${c.state} = 'national'`;
  const order = [...(byReview ? [c.reviewed] : []), national, c.state, c.name, c.id];
  const at = query.cursor;
  const position = at && [...(byReview ? [at.reviewed] : []), at.national, at.state, at.name, at.id];
  const after =
    position &&
    sql`(${sql.join(order, sql`, `)}) > (${sql.join(
      position.map((value) => sql`${value}`),
      sql`, `,
    )})`;
  const pageSize = ADMIN_LIMITS.pageSize;
  const [rows, total] = await Promise.all([
    db
      .select({
        id: c.id,
        name: c.name,
        category: c.category,
        state: c.state,
        place: c.place,
        lastReviewed: c.reviewed,
        edited: sql<boolean>`${c.editedAt} is not null`,
        archived: sql<boolean>`${c.archivedAt} is not null`,
        openReports,
      })
      .from(c.table)
      .where(and(...where, after))
      .orderBy(...order)
      .limit(pageSize + 1),
    countDirectory(db, c.table, where),
  ]);
  const { page, nextCursor } = keysetPage(rows, pageSize, (last): AdminDirectoryCursor => ({
    reviewed: last.lastReviewed,
    national: last.state === 'national',
    state: last.state,
    name: last.name,
    id: last.id,
  }));
  return {
    entries: page.map((row) => ({ ...row, type: query.type, needsReview: row.lastReviewed < cutoff })),
    nextCursor,
    total,
  };
}

/** How many entries the filters match. */
async function countDirectory(
  db: Database,
  table: typeof organisations | typeof governmentServices,
  where: SQL[],
) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(...where));
  return row?.n ?? 0;
}

/** One entry with every field, for the editor; 404 when there is none. */
export async function getDirectoryEntry(
  db: Database,
  type: DirectoryEntryType,
  id: string,
): Promise<AdminDirectoryEntry> {
  const table = type === 'organisation' ? organisations : governmentServices;
  const [row] = await db
    .select({
      data: table.data,
      editedAt: table.editedAt,
      archivedAt: table.archivedAt,
      editedBy: users.displayName,
    })
    .from(table)
    .leftJoin(users, eq(users.id, table.editedBy))
    .where(eq(table.id, id));
  if (!row) throw errors.directoryEntryNotFound();
  const curation = {
    archived: row.archivedAt !== null,
    editedAt: row.editedAt?.toISOString() ?? null,
    editedBy: row.editedBy ?? null,
  };
  return type === 'organisation'
    ? { type, entry: row.data as Organisation, ...curation }
    : { type, entry: row.data as GovernmentService, ...curation };
}

async function entryExists(db: Pick<Database, 'select'>, type: DirectoryEntryType, id: string) {
  const table = type === 'organisation' ? organisations : governmentServices;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return row !== undefined;
}

const entryName = (saved: SavedEntry) =>
  saved.type === 'organisation' ? saved.entry.name : saved.entry.title.en;
const reviewedOn = (saved: SavedEntry) =>
  saved.type === 'organisation' ? saved.entry.lastReviewed : saved.entry.lastUpdated;

export type SavedEntry =
  { type: 'organisation'; entry: Organisation } | { type: 'government'; entry: GovernmentService };

/**
 * Adds (`create`) or replaces an entry from the admins' editor, on the record. A new entry's id must be free (409);
 * an edited one must exist (404) and keep its id. A review date in the future is refused. With `resolveReports`,
 * the entry's open reports are marked fixed in the same change.
 */
export async function saveDirectoryEntry(
  db: Database,
  admin: SessionUser,
  saved: SavedEntry,
  options: { create: boolean; id?: string; resolveReports: boolean },
): Promise<AdminDirectoryEntry> {
  const { type, entry } = saved;
  if (!options.create && options.id !== entry.id) throw errors.validation('directory.errors.idChanged');
  if (reviewedOn(saved) > australianToday()) throw errors.validation('directory.errors.reviewFuture');
  await db.transaction(async (tx) => {
    const exists = await entryExists(tx, type, entry.id);
    if (options.create && exists) throw errors.directoryEntryExists();
    if (!options.create && !exists) throw errors.directoryEntryNotFound();
    const editor = { editedBy: admin.id };
    if (saved.type === 'organisation') {
      if (!(await writeOrganisation(tx, saved.entry, editor)))
        throw errors.validation('directory.errors.placeUnknown');
    } else {
      await writeGovernmentService(tx, saved.entry, editor);
    }
    let resolved = 0;
    if (options.resolveReports) resolved = await settleReports(tx, admin, type, entry.id, 'open', 'resolved');
    await recordAudit(tx, admin, {
      action: options.create ? 'directory.create' : 'directory.update',
      targetType: type,
      targetId: entry.id,
      targetLabel: entryName(saved),
      detail: resolved
        ? `reviewed ${reviewedOn(saved)}; ${resolved} report(s) resolved`
        : `reviewed ${reviewedOn(saved)}`,
    });
  });
  return getDirectoryEntry(db, type, entry.id);
}

/** Archives (hidden from readers, kept) or restores an entry, on the record; the same state again is a no-op. */
export async function setArchived(
  db: Database,
  admin: SessionUser,
  type: DirectoryEntryType,
  id: string,
  archived: boolean,
): Promise<AdminDirectoryEntry> {
  const current = await getDirectoryEntry(db, type, id);
  if (current.archived === archived) return current;
  const table = type === 'organisation' ? organisations : governmentServices;
  await db.transaction(async (tx) => {
    await tx
      .update(table)
      .set({ archivedAt: archived ? new Date() : null, editedAt: new Date(), editedBy: admin.id })
      .where(eq(table.id, id));
    await recordAudit(tx, admin, {
      action: archived ? 'directory.archive' : 'directory.restore',
      targetType: type,
      targetId: id,
      targetLabel: current.type === 'organisation' ? current.entry.name : current.entry.title.en,
    });
  });
  return getDirectoryEntry(db, type, id);
}

/**
 * Marks every report on an entry in status `from` as resolved or dismissed; returns how many. The caller records
 * the admin's action.
 */
export async function settleReports(
  tx: Pick<Database, 'update'>,
  admin: SessionUser,
  type: DirectoryEntryType,
  entryId: string,
  from: 'open' | 'resolved' | 'dismissed',
  to: 'resolved' | 'dismissed',
): Promise<number> {
  const settled = await tx
    .update(directoryReports)
    .set({ status: to, resolvedBy: admin.id, resolvedAt: new Date() })
    .where(
      and(
        eq(directoryReports.entryType, type),
        eq(directoryReports.entryId, entryId),
        eq(directoryReports.status, from),
      ),
    )
    .returning({ id: directoryReports.id });
  return settled.length;
}
