import type { EntryChange, ImportReport } from './import';
import { printable } from './printable';

/** A titled list with its count of items (an item may take more than one line). */
const list = (title: string, items: string[][]) =>
  items.length ? [`${title} (${items.length}):`, ...items.flat(), ''] : [];

const describe = (change: EntryChange) => `${change.kind} ${change.id} "${change.name}"`;

/** The report as the command prints it: each line printable, whatever the data set holds. */
export function formatImportReport(report: ImportReport): string {
  const withNotes = (line: string, change: EntryChange) => [
    line,
    ...change.notes.map((note) => `      note: ${note}`),
  ];
  const count = report.added.length + report.updated.length;
  const lines = [
    `Read ${report.read.length} HSDS tables: ${report.read.map((entry) => entry.file).join(', ') || 'none'}.`,
    '',
    ...list(
      'Notes',
      report.notes.map((note) => [`  - ${note}`]),
    ),
    ...list(
      'Rows rejected, not used',
      report.rejectedRows.map((issue) => [
        `  - ${issue.file}${issue.line === undefined ? '' : ` line ${issue.line}`}: ${issue.message}`,
      ]),
    ),
    ...list(
      'Entries not imported',
      report.rejectedEntries.map((entry) => [`  - ${entry.from}: ${entry.reasons.join('; ')}`]),
    ),
    ...list(
      report.written ? 'Added' : 'Would add',
      report.added.map((change) => withNotes(`  + ${describe(change)}, reviewed ${change.theirs}`, change)),
    ),
    ...list(
      report.written ? 'Changed' : 'Would change',
      report.updated.map((change) =>
        withNotes(
          `  ~ ${describe(change)}: ${change.fields.join(', ')} (reviewed ${change.theirs}; ours ${change.ours})${change.archived ? ', stays archived' : ''}`,
          change,
        ),
      ),
    ),
    ...list(
      'Skipped: our review is newer or of the same day',
      report.skipped.map((change) => [
        `  = ${describe(change)}: ${change.fields.join(', ')} differ (reviewed ${change.theirs}; ours ${change.ours})`,
      ]),
    ),
    `Unchanged: ${report.unchanged.length}.`,
    report.written
      ? `Wrote ${count} ${count === 1 ? 'entry' : 'entries'}.`
      : `Dry run: nothing was written (${count} ${count === 1 ? 'entry' : 'entries'} would be).`,
  ];
  return lines.map(printable).join('\n');
}
