import { z } from 'zod';
import { CsvError, parseCsv } from './csv';
import { hsdsResource, type HsdsField, type HsdsResource, type HsdsTableName } from './datapackage';
import { refusedCharacters } from './printable';

/** A row of an HSDS table: every field of its resource, '' when empty or absent. */
export type HsdsRow = Record<string, string>;
export type TableRow = { line: number; values: HsdsRow };
export type HsdsTable = { resource: HsdsResource; file: string; rows: TableRow[] };
export type HsdsTables = Partial<Record<HsdsTableName, HsdsTable>>;

/** A row that is not used, and why; `line` is absent when the whole file is unusable. */
export type RowIssue = { file: string; line?: number; message: string };

export function describeIssue(issue: RowIssue): string {
  return issue.line === undefined
    ? `${issue.file}: ${issue.message}`
    : `${issue.file} line ${issue.line}: ${issue.message}`;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** HH:MM or HH:MM:SS, with a zone or without one (HSDS 3.0 asks for one, "09:00Z", "09:00+10:00"; few give it). */
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/;

function typed(field: HsdsField): z.ZodType<string, string> {
  const values = field.constraints.enum;
  if (values?.length) return z.enum(values as [string, ...string[]], `is not one of: ${values.join(', ')}`);
  if (field.format === 'email') return z.email('is not an email address');
  if (field.format === 'uri') return z.url('is not a URL');
  switch (field.type) {
    case 'number':
      return z.string().regex(NUMBER, 'is not a number');
    case 'date':
      return z.iso.date('is not a date (YYYY-MM-DD)');
    case 'time':
      return z.string().regex(TIME, 'is not a time (HH:MM, or HH:MM:SS)');
    case 'datetime':
      return z.iso.datetime({ offset: true, local: true, error: 'is not a date and time (ISO 8601)' });
    default:
      return z.string();
  }
}

/**
 * A field's value: empty, or (when present) of its type, format and codes; required ones must be present. No field
 * may hold what the directory's texts may not (controls but tab and line breaks, lone surrogates, invisible and
 * text-direction characters): the row is refused, and the characters named as escapes.
 */
function fieldValue(field: HsdsField): z.ZodType<string, string> {
  const value = typed(field);
  return z.string().superRefine((text, context) => {
    const refused = refusedCharacters(text);
    if (refused.length) {
      context.addIssue({
        code: 'custom',
        message: `holds characters that are not allowed: ${refused.join(', ')}`,
      });
      return;
    }
    if (text.trim() === '') {
      if (field.constraints.required) context.addIssue({ code: 'custom', message: 'is required' });
      return;
    }
    for (const issue of value.safeParse(text).error?.issues ?? []) {
      context.addIssue({ code: 'custom', message: issue.message });
    }
  });
}

const rowSchemas = new Map<string, z.ZodType<HsdsRow>>();

/** The zod schema of a row of this HSDS table, made from its fields in the data package. */
export function rowSchema(resource: HsdsResource): z.ZodType<HsdsRow> {
  let schema = rowSchemas.get(resource.name);
  if (!schema) {
    schema = z.object(
      Object.fromEntries(resource.schema.fields.map((field) => [field.name, fieldValue(field)])),
    ) as unknown as z.ZodType<HsdsRow>;
    rowSchemas.set(resource.name, schema);
  }
  return schema;
}

/**
 * Reads one HSDS table from its CSV text. Columns the HSDS 3.0 schema does not have are left out (and named in
 * `notes`); a missing column reads as empty, so its rows fail only when the field is required. `rowCount` is every
 * record after the header, for the import's limit.
 */
export function readTable(
  name: HsdsTableName,
  file: string,
  text: string,
): { table: HsdsTable; rejected: RowIssue[]; notes: string[]; rowCount: number } {
  const resource = hsdsResource(name);
  const table: HsdsTable = { resource, file, rows: [] };
  const rejected: RowIssue[] = [];
  const notes: string[] = [];
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return { table, rejected: [{ file, message: `is not valid CSV: ${error.message}` }], notes, rowCount: 0 };
  }
  const [header, ...body] = records;
  const rowCount = body.length;
  if (!header) return { table, rejected: [], notes: [`${file} is empty`], rowCount };
  const columns = header.cells.map((cell) => cell.trim());
  const known = new Set(resource.schema.fields.map((field) => field.name));
  const duplicate = columns.find((column, index) => columns.indexOf(column) !== index);
  if (duplicate) {
    return {
      table,
      rejected: [{ file, message: `the column "${duplicate}" appears twice` }],
      notes,
      rowCount,
    };
  }
  const unknown = columns.filter((column) => !known.has(column));
  if (unknown.length) notes.push(`${file}: columns not in HSDS 3.0 were ignored: ${unknown.join(', ')}`);
  const missing = resource.schema.fields.filter((field) => !columns.includes(field.name));
  if (missing.length) {
    notes.push(`${file}: columns missing (read as empty): ${missing.map((field) => field.name).join(', ')}`);
  }
  for (const record of body) {
    if (record.cells.length > columns.length) {
      rejected.push({
        file,
        line: record.line,
        message: `has ${record.cells.length} values for ${columns.length} columns`,
      });
      continue;
    }
    const values: HsdsRow = Object.fromEntries(resource.schema.fields.map((field) => [field.name, '']));
    columns.forEach((column, index) => {
      if (known.has(column)) values[column] = record.cells[index] ?? '';
    });
    table.rows.push({ line: record.line, values });
  }
  return { table, rejected, notes, rowCount };
}

/**
 * Checks every row of every table as the HSDS 3.0 data package says: required fields, types, formats and codes
 * (with zod, per row), unique values, and foreign keys between the tables. Answers the tables with only the rows
 * that pass, and each other row with its reasons. A row whose reference points at a rejected row is rejected too.
 */
export function validateTables(tables: HsdsTables): { tables: HsdsTables; rejected: RowIssue[] } {
  const rejected: RowIssue[] = [];
  const valid: HsdsTables = {};
  for (const [name, table] of Object.entries(tables) as [HsdsTableName, HsdsTable][]) {
    const schema = rowSchema(table.resource);
    const rows: TableRow[] = [];
    const seen = new Map<string, Map<string, number>>();
    for (const row of table.rows) {
      const parsed = schema.safeParse(row.values);
      if (!parsed.success) {
        const reasons = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
        rejected.push({ file: table.file, line: row.line, message: reasons.join('; ') });
        continue;
      }
      const clash = table.resource.schema.fields.find((field) => {
        const value = row.values[field.name]!;
        return field.constraints.unique && value !== '' && seen.get(field.name)?.has(value);
      });
      if (clash) {
        const value = row.values[clash.name]!;
        const first = seen.get(clash.name)!.get(value)!;
        rejected.push({
          file: table.file,
          line: row.line,
          message: `${clash.name} ${value} is already on line ${first}`,
        });
        continue;
      }
      for (const field of table.resource.schema.fields) {
        const value = row.values[field.name]!;
        if (!field.constraints.unique || value === '') continue;
        if (!seen.has(field.name)) seen.set(field.name, new Map());
        seen.get(field.name)!.set(value, row.line);
      }
      rows.push(row);
    }
    valid[name] = { ...table, rows };
  }

  // Foreign keys, until no more rows fall: a rejected row can leave another row's reference dangling.
  for (let changed = true; changed;) {
    changed = false;
    const ids = new Map(
      Object.entries(valid).map(([name, table]) => [name, new Set(table.rows.map((row) => row.values.id!))]),
    );
    for (const table of Object.values(valid)) {
      table.rows = table.rows.filter((row) => {
        const reasons = (table.resource.schema.foreignKeys ?? []).flatMap((key) => {
          const value = row.values[key.fields]!;
          if (value === '') return [];
          const target = valid[key.reference.resource as HsdsTableName];
          if (!target) return [`${key.fields} ${value}: the data set has no ${key.reference.resource} table`];
          if (ids.get(key.reference.resource)!.has(value)) return [];
          return [`${key.fields} ${value} is not the id of a valid row of ${target.file}`];
        });
        if (!reasons.length) return true;
        rejected.push({ file: table.file, line: row.line, message: reasons.join('; ') });
        changed = true;
        return false;
      });
    }
  }
  return { tables: valid, rejected };
}
