import { inReaderLanguage } from '../../../shared/languages';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants';
import type { DirectoryEntryType, DirectoryProblem } from '../../../shared/directory';
import { ADMIN_LIMITS, type ReportStatus } from '../../../shared/schemas/admin';
import type {
  AdminDirectoryReport,
  AdminDirectoryReportsResponse,
  DirectoryReportAction,
} from '../../../shared/schemas/directory';
import { languageText } from '../../../shared/schemas/languages';
import type { LatestCursor } from '../../../shared/schemas/questions';
import type { GovernmentService, Organisation } from '../../../shared/schemas/resources';
import type { Database } from '../../db/client';
import { directoryReports, governmentServices, organisations } from '../../db/schema';
import { errors } from '../../errors';
import { newestGroupsPage } from '../../db/keyset';
import { iso } from '../../lib/text';
import type { SessionUser } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { settleReports } from './curation';

/**
 * A reader says an entry is out of date. Only entries readers can see (not archived) take reports; an unknown one
 * is a 404.
 */
export async function fileDirectoryReport(
  db: Database,
  type: DirectoryEntryType,
  entryId: string,
  input: { problem: DirectoryProblem; note?: string },
  reporterId: string | null,
): Promise<string> {
  const table = type === 'organisation' ? organisations : governmentServices;
  const [entry] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, entryId), sql`${table.archivedAt} is null`));
  if (!entry) throw errors.directoryEntryNotFound();
  const [report] = await db
    .insert(directoryReports)
    .values({ entryType: type, entryId, problem: input.problem, note: input.note ?? null, reporterId })
    .returning({ id: directoryReports.id });
  return report!.id;
}

type GroupRow = {
  id: string;
  entry_type: DirectoryEntryType;
  entry_id: string;
  status: ReportStatus;
  problems: DirectoryProblem[];
  notes: string[];
  report_count: number;
  first_at: Date | string;
  last_at: Date | string;
};

/** The facts a reader may have reported, as they are now, in the admin's language. */
function factsOf(
  type: DirectoryEntryType,
  data: Organisation | GovernmentService,
  archived: boolean,
  locale: Locale,
): NonNullable<AdminDirectoryReport['entry']> {
  if (type === 'organisation') {
    const o = data as Organisation;
    return {
      name: o.name,
      phone: o.phone ?? null,
      address: `${o.address}, ${o.suburb} ${o.state} ${o.postcode}`,
      hours: (o.hours && inReaderLanguage(o.hours, locale)) ?? null,
      website: o.website ?? null,
      languages: (o.supportedLanguages ?? []).map((language) => languageText(language, locale)),
      source: o.source ?? null,
      lastReviewed: o.lastReviewed,
      archived,
    };
  }
  const g = data as GovernmentService;
  return {
    name: inReaderLanguage(g.title, locale),
    phone: g.contactInfo.phone ?? null,
    address: g.location.city ? `${g.location.city}, ${g.location.state}` : null,
    hours: (g.operatingHours && inReaderLanguage(g.operatingHours, locale)) ?? null,
    website: g.contactInfo.website ?? null,
    languages: g.languages.map((language) => languageText(language, locale)),
    source: g.source ?? null,
    lastReviewed: g.lastUpdated,
    archived,
  };
}

/** Loads the entries named by report groups, by type and id. */
async function entriesOf(db: Database, groups: GroupRow[]) {
  const ids = (type: DirectoryEntryType) =>
    groups.filter((g) => g.entry_type === type).map((g) => g.entry_id);
  const [orgs, services] = await Promise.all(
    (['organisation', 'government'] as const).map(async (type) => {
      const table = type === 'organisation' ? organisations : governmentServices;
      const wanted = ids(type);
      if (!wanted.length) return [];
      return db
        .select({ id: table.id, data: table.data, archivedAt: table.archivedAt })
        .from(table)
        .where(inArray(table.id, wanted));
    }),
  );
  const found = new Map<string, { data: Organisation | GovernmentService; archived: boolean }>();
  for (const row of orgs!)
    found.set(`organisation:${row.id}`, { data: row.data, archived: !!row.archivedAt });
  for (const row of services!)
    found.set(`government:${row.id}`, { data: row.data, archived: !!row.archivedAt });
  return found;
}

/**
 * The queue of outdated information: one row per entry with every report on it in this status, newest first. A page
 * starts after the cursor's entry (its newest report's time, then that report's id); `total` counts every entry.
 */
export async function listDirectoryReports(
  db: Database,
  status: ReportStatus,
  cursor: LatestCursor | undefined,
  locale: Locale,
): Promise<AdminDirectoryReportsResponse> {
  const grouped = sql`
    select (array_agg(id order by created_at desc, id))[1] as id, entry_type, entry_id, status,
      array_agg(problem order by created_at desc) as problems,
      coalesce(array_agg(note order by created_at desc) filter (where note is not null), '{}') as notes,
      count(*)::int as report_count, min(created_at) as first_at, max(created_at) as last_at
    from ${directoryReports} where status = ${status}
    group by entry_type, entry_id, status`;
  const [{ page: groups, nextCursor }, total] = await Promise.all([
    newestGroupsPage<GroupRow>(db, grouped, cursor, ADMIN_LIMITS.pageSize),
    db.execute<{ n: number }>(sql`
      select count(distinct (entry_type, entry_id))::int as n from ${directoryReports} where status = ${status}`),
  ]);
  const entries = await entriesOf(db, groups);
  return {
    reports: groups.map((group) => {
      const counts = new Map<DirectoryProblem, number>();
      for (const problem of group.problems) counts.set(problem, (counts.get(problem) ?? 0) + 1);
      const entry = entries.get(`${group.entry_type}:${group.entry_id}`);
      return {
        id: group.id,
        type: group.entry_type,
        entryId: group.entry_id,
        status: group.status,
        problems: [...counts].map(([problem, count]) => ({ problem, count })),
        notes: group.notes,
        reportCount: group.report_count,
        firstReportedAt: iso(group.first_at),
        lastReportedAt: iso(group.last_at),
        entry: entry ? factsOf(group.entry_type, entry.data, entry.archived, locale) : null,
      };
    }),
    nextCursor,
    total: total.rows[0]?.n ?? 0,
  };
}

/**
 * Resolves (the entry was corrected) or dismisses (nothing was wrong) every open report on the entry of report
 * `id`, on the record. A report already decided is a 409: it never decides newer ones nobody has looked at.
 */
export async function decideDirectoryReport(
  db: Database,
  admin: SessionUser,
  id: string,
  action: DirectoryReportAction,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [report] = await tx
      .select()
      .from(directoryReports)
      .where(eq(directoryReports.id, id))
      .for('update');
    if (!report) throw errors.notFound();
    if (report.status !== 'open') throw errors.reportDone();
    const settled = await settleReports(
      tx,
      admin,
      report.entryType,
      report.entryId,
      'open',
      action === 'resolve' ? 'resolved' : 'dismissed',
    );
    await recordAudit(tx, admin, {
      action: action === 'resolve' ? 'directory-report.resolve' : 'directory-report.dismiss',
      targetType: report.entryType,
      targetId: report.entryId,
      targetLabel: report.entryId,
      detail: `${settled} report(s)`,
    });
  });
}
