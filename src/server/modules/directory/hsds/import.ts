import { z } from 'zod';
import { australianToday } from '../../../../shared/australian-date';
import type { GovernmentService, Organisation } from '../../../../shared/schemas/resources';
import type { Database } from '../../../db/client';
import { governmentServices, organisations } from '../../../db/schema';
import { writeGovernmentService, writeOrganisation } from '../entries';
import { candidatePaths, HSDS_3_0, hsdsResource, HSDS_TABLE_NAMES, type HsdsTableName } from './datapackage';
import type { EntryKind } from './ids';
import { readEntries } from './entries-from-hsds';
import type { IncomingEntry, RejectedEntry } from './incoming-entry';
import { HSDS_IMPORT_LIMITS, ImportError, type HsdsFiles } from './folder';
import { readTable, validateTables, type HsdsTables, type RowIssue } from './tables';

/** What we read of a partner's datapackage.json: where each table is, and the data set's own page. */
const descriptorSchema = z.object({
  homepage: z.string().optional(),
  sources: z.array(z.object({ path: z.string().optional() }).loose()).optional(),
  resources: z
    .array(z.object({ name: z.string(), path: z.union([z.string(), z.array(z.string()).min(1)]) }).loose())
    .optional(),
});

const https = z.url({ protocol: /^https$/ });

export type LoadedDataSet = {
  tables: HsdsTables;
  /** The files read, and the tables they were read as. */
  read: { file: string; table: HsdsTableName }[];
  rejectedRows: RowIssue[];
  notes: string[];
  /** The https page the data set names for itself (datapackage.json homepage or sources), if any. */
  homepage?: string;
};

/** Finds each HSDS table's file (as datapackage.json names it, else by its usual names), reads and checks it. */
export function loadHsds(files: HsdsFiles): LoadedDataSet {
  const notes: string[] = [];
  const rejectedRows: RowIssue[] = [];
  const paths = new Map<string, string>();
  let homepage: string | undefined;
  const descriptorText = files.get('datapackage.json');
  if (descriptorText !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(descriptorText);
    } catch {
      notes.push('datapackage.json is not JSON: the tables were found by their usual file names');
    }
    const descriptor = descriptorSchema.safeParse(json);
    if (json !== undefined && !descriptor.success) {
      notes.push(
        'datapackage.json does not describe a data package: the tables were found by their usual file names',
      );
    }
    if (descriptor.success) {
      for (const resource of descriptor.data.resources ?? []) {
        const file = Array.isArray(resource.path) ? resource.path[0]! : resource.path;
        paths.set(resource.name, file);
        if (Array.isArray(resource.path) && resource.path.length > 1) {
          notes.push(`${resource.name}: only the first of its ${resource.path.length} files was read`);
        }
      }
      // The HSDS specification, which our own export cites, is not where a data set's entries come from.
      homepage = [
        descriptor.data.homepage,
        ...(descriptor.data.sources ?? []).map((source) => source.path),
      ].find((url) => url !== undefined && url !== HSDS_3_0.homepage && https.safeParse(url).success);
    }
  }

  const tables: HsdsTables = {};
  const read: LoadedDataSet['read'] = [];
  for (const name of HSDS_TABLE_NAMES) {
    const named = paths.get(name);
    if (named !== undefined && !files.has(named)) {
      notes.push(`datapackage.json names ${named} for the ${name} table, and the folder has no such file`);
    }
    const file =
      named !== undefined && files.has(named)
        ? named
        : candidatePaths(hsdsResource(name)).find((candidate) => files.has(candidate));
    if (file === undefined) continue;
    const result = readTable(name, file, files.get(file)!);
    if (result.rowCount > HSDS_IMPORT_LIMITS.rows) {
      throw new ImportError(
        `${file} has more than ${HSDS_IMPORT_LIMITS.rows.toLocaleString('en-AU')} rows, the most an import reads of one table: split the data set (by state, say) and import each part.`,
      );
    }
    tables[name] = result.table;
    read.push({ file, table: name });
    rejectedRows.push(...result.rejected);
    notes.push(...result.notes);
  }
  const used = new Set(['datapackage.json', ...read.map((entry) => entry.file)]);
  const ignored = [...files.keys()].filter((file) => !used.has(file));
  if (ignored.length) notes.push(`files that are not HSDS 3.0 tables were ignored: ${ignored.join(', ')}`);
  const checked = validateTables(tables);
  return {
    tables: checked.tables,
    read,
    rejectedRows: [...rejectedRows, ...checked.rejected],
    notes,
    homepage,
  };
}

/** An entry the import adds, changes, leaves or skips, with the fields that differ from ours. */
export type EntryChange = {
  kind: EntryKind;
  id: string;
  name: string;
  from: string;
  /** The fields whose value differs from ours (every field for a new entry). */
  fields: string[];
  theirs: string;
  ours?: string;
  /** Ours is archived: an update keeps it hidden from readers. */
  archived?: boolean;
  notes: string[];
};

export type ImportReport = {
  read: LoadedDataSet['read'];
  notes: string[];
  rejectedRows: RowIssue[];
  rejectedEntries: RejectedEntry[];
  added: EntryChange[];
  updated: EntryChange[];
  /** Different from ours, but our review is newer or of the same day: ours is kept. */
  skipped: EntryChange[];
  unchanged: EntryChange[];
  /** Whether the added and updated entries were written (false for a dry run). */
  written: boolean;
};

/** JSON with object keys in order: two entries are the same when these are (jsonb does not keep key order). */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const members = Object.entries(value)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${members.map(([key, member]) => `${JSON.stringify(key)}:${stable(member)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function changedFields(ours: object, theirs: object): string[] {
  const a = ours as Record<string, unknown>;
  const b = theirs as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.filter((key) => stable(a[key]) !== stable(b[key]));
}

const reviewDate = (incoming: IncomingEntry) =>
  incoming.kind === 'organisation' ? incoming.entry.lastReviewed : incoming.entry.lastUpdated;
const entryName = (incoming: IncomingEntry) =>
  incoming.kind === 'organisation' ? incoming.entry.name : incoming.entry.title.en;

type Existing = { data: Organisation | GovernmentService; archivedAt: Date | null };
type Executor = Pick<Database, 'select'>;

async function existingEntries(db: Executor, lock: boolean): Promise<Map<string, Existing>> {
  const organisationQuery = db
    .select({ id: organisations.id, data: organisations.data, archivedAt: organisations.archivedAt })
    .from(organisations);
  const serviceQuery = db
    .select({
      id: governmentServices.id,
      data: governmentServices.data,
      archivedAt: governmentServices.archivedAt,
    })
    .from(governmentServices);
  // Locked for a real import, so an admin's save cannot slip in between our comparison and our write.
  const [organisationRows, serviceRows] = lock
    ? await Promise.all([organisationQuery.for('update'), serviceQuery.for('update')])
    : await Promise.all([organisationQuery, serviceQuery]);
  return new Map<string, Existing>([
    ...organisationRows.map((row) => [`organisation/${row.id}`, row] as const),
    ...serviceRows.map((row) => [`government/${row.id}`, row] as const),
  ]);
}

/**
 * Sorts the incoming entries against ours: new ones are added; one that differs from ours replaces it only when its
 * review date is newer than ours; the others are skipped, so a newer review is never overwritten.
 */
function plan(incoming: IncomingEntry[], existing: Map<string, Existing>) {
  const added: EntryChange[] = [];
  const updated: EntryChange[] = [];
  const skipped: EntryChange[] = [];
  const unchanged: EntryChange[] = [];
  for (const entry of incoming) {
    const ours = existing.get(`${entry.kind}/${entry.entry.id}`);
    const change: EntryChange = {
      kind: entry.kind,
      id: entry.entry.id,
      name: entryName(entry),
      from: entry.from,
      fields: [],
      theirs: reviewDate(entry),
      notes: entry.notes,
    };
    if (!ours) {
      added.push({ ...change, fields: Object.keys(entry.entry) });
      continue;
    }
    const oursDate =
      entry.kind === 'organisation'
        ? (ours.data as Organisation).lastReviewed
        : (ours.data as GovernmentService).lastUpdated;
    const fields = changedFields(ours.data, entry.entry);
    const compared = { ...change, fields, ours: oursDate, archived: ours.archivedAt !== null };
    if (!fields.length) unchanged.push(compared);
    else if (change.theirs > oursDate) updated.push(compared);
    else skipped.push(compared);
  }
  return { added, updated, skipped, unchanged };
}

export type ImportOptions = {
  dryRun: boolean;
  /** The data set's https page, for organisations whose website is not https (else datapackage.json's homepage). */
  source?: string;
  /** The clock, for the "review date in the future" check. */
  now?: Date;
};

/**
 * Imports an HSDS 3.0 data set: every row checked, our entries read from the rows that pass, compared with ours,
 * and (unless a dry run) the new and newer ones written through writeOrganisation and writeGovernmentService, in one
 * transaction, marked as edited by an import (no editor).
 */
export async function importHsds(
  db: Database,
  files: HsdsFiles,
  options: ImportOptions,
): Promise<ImportReport> {
  if (options.source !== undefined && !https.safeParse(options.source).success) {
    throw new ImportError(`--source must be an https address, not "${options.source}".`);
  }
  const loaded = loadHsds(files);
  const { entries, rejected } = readEntries(loaded.tables, {
    datasetSource: options.source ?? loaded.homepage,
    today: australianToday(options.now),
  });
  const report = (sorted: ReturnType<typeof plan>, written: boolean): ImportReport => ({
    read: loaded.read,
    notes: loaded.notes,
    rejectedRows: loaded.rejectedRows,
    rejectedEntries: rejected,
    ...sorted,
    written,
  });
  if (options.dryRun) return report(plan(entries, await existingEntries(db, false)), false);

  return db.transaction(async (tx) => {
    const sorted = plan(entries, await existingEntries(tx, true));
    const byKey = new Map(entries.map((entry) => [`${entry.kind}/${entry.entry.id}`, entry]));
    for (const change of [...sorted.added, ...sorted.updated]) {
      const incoming = byKey.get(`${change.kind}/${change.id}`)!;
      if (incoming.kind === 'government') {
        await writeGovernmentService(tx, incoming.entry, { editedBy: null });
      } else if (!(await writeOrganisation(tx, incoming.entry, { editedBy: null }))) {
        // Checked when read; the postcode data does not change during an import.
        throw new Error(`Organisation ${incoming.entry.id} could not be placed`);
      }
    }
    return report(sorted, true);
  });
}
