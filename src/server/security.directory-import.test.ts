/**
 * The HSDS import: rows with hidden characters are refused and printed as escapes (never a crash at the write step),
 * and symbolic links, files that are not UTF-8 and data sets over the stated limits are refused with exit code 1.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organisation } from '../shared/schemas/resources';
import { governmentServices, organisations } from './db/schema';
import { findLocality } from './lib/postcodes';
import { formatCsv, parseCsv } from './modules/directory/hsds/csv';
import { hsdsFiles } from './modules/directory/hsds/export';
import {
  HSDS_IMPORT_LIMITS,
  ImportError,
  readHsdsFolder,
  type HsdsFiles,
} from './modules/directory/hsds/folder';
import { importHsds, loadHsds } from './modules/directory/hsds/import';
import { formatImportReport } from './modules/directory/hsds/report';
import { ORGANISATION, RAW_HIDDEN, SERVICE } from './security.directory.test-helpers';
import { useTestApp } from './test/helpers';

const root = path.resolve(import.meta.dirname, '../..');

/** The rows of each entry of the data set, by name: two organisations and a government service. */
const CENTRE = { name: ORGANISATION.name };
const HUB = { name: 'Hidden Test Hub' };
const LINE = { name: SERVICE.title.en };

/** The data set, as our export writes it. */
function dataSet(): HsdsFiles {
  const second: Organisation = { ...ORGANISATION, id: 'hidden-test-hub', name: HUB.name };
  const place = findLocality(ORGANISATION.suburb, ORGANISATION.postcode)!;
  const files = hsdsFiles({
    organisations: [ORGANISATION, second].map((data) => ({ data, lat: place.lat, lng: place.lng })),
    services: [SERVICE],
  });
  return new Map(files.map((file) => [file.path, file.content]));
}

/** The data set with values changed (`change`, by column) in the rows of `file` that match `where`. */
function edit(files: HsdsFiles, file: string, where: Record<string, string>, change: Record<string, string>) {
  const [header, ...rows] = parseCsv(files.get(file)!).map((record) => record.cells);
  const edited = rows.map((cells) => {
    const row = Object.fromEntries(header!.map((column, index) => [column, cells[index] ?? '']));
    if (Object.entries(where).some(([column, value]) => row[column] !== value)) return cells;
    return header!.map((column) => change[column] ?? row[column]!);
  });
  return new Map(files).set(file, formatCsv([header!, ...edited]));
}

describe('the HSDS import', () => {
  const t = useTestApp();
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'hsds-import-'));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });
  const folder = async (name: string, files: HsdsFiles) => {
    const target = path.join(scratch, name);
    await mkdir(target);
    for (const [file, content] of files) await writeFile(path.join(target, file), content, 'utf8');
    return target;
  };
  const cli = async (args: string[]) => {
    try {
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/server/cli/directory.ts', ...args],
        { cwd: root, env: { ...process.env, DATABASE_URL: t.database.url, DEMO_MODE: 'false' } },
      );
      return { exitCode: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { exitCode: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };
  const storedIds = async () =>
    [
      ...(await t.db.select({ id: organisations.id }).from(organisations)),
      ...(await t.db.select({ id: governmentServices.id }).from(governmentServices)),
    ]
      .map((row) => row.id)
      .filter((id) => id.startsWith('hidden-test-'))
      .sort();

  it('refuses rows with control, invisible or text-direction characters, and prints them only as escapes', async () => {
    let files = edit(dataSet(), 'organizations.csv', CENTRE, { name: 'Hidden\u202E Centre' });
    files = edit(files, 'organizations.csv', HUB, { description: 'Help\u200B here\u0007' });
    files = edit(files, 'services.csv', LINE, { eligibility_description: 'Anyone\u2066' });
    // Names a partner's files may hold, which the report repeats.
    files.set('notes\u202Etxt.csv', 'a,b\r\n');
    const header = files.get('phones.csv')!.replace('\r\n', ',extra\u0000column\r\n');
    files.set('phones.csv', header);

    const report = await importHsds(t.db, files, { dryRun: true });
    const messages = report.rejectedRows.map((issue) => `${issue.file}: ${issue.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'organizations.csv: name holds characters that are not allowed: \\u202E',
        'organizations.csv: description holds characters that are not allowed: \\u200B, \\u0007',
        'services.csv: eligibility_description holds characters that are not allowed: \\u2066',
      ]),
    );
    expect(report.added).toEqual([]);
    const printed = formatImportReport(report);
    expect(printed).toContain('name holds characters that are not allowed: \\u202E');
    expect(printed).toContain('notes\\u202Etxt.csv');
    expect(printed).toContain('extra\\u0000column');
    expect(printed).not.toMatch(RAW_HIDDEN);
  });

  it('refuses NUL and lone surrogates before the write step, and writes the rest', async () => {
    let files = edit(dataSet(), 'organizations.csv', CENTRE, { description: 'Help\u0000' });
    files = edit(files, 'organizations.csv', HUB, { description: 'Help \uD800 here' });
    const report = await importHsds(t.db, files, { dryRun: false });
    expect(report.rejectedRows).toEqual(
      expect.arrayContaining([
        {
          file: 'organizations.csv',
          line: 2,
          message: 'description holds characters that are not allowed: \\u0000',
        },
        {
          file: 'organizations.csv',
          line: 3,
          message: 'description holds characters that are not allowed: \\uD800',
        },
      ]),
    );
    expect(report.written).toBe(true);
    expect(report.added.map((change) => change.id)).toEqual([SERVICE.id]);
    expect(await storedIds()).toEqual([SERVICE.id]);
    expect(formatImportReport(report)).not.toMatch(RAW_HIDDEN);
  });

  it('npm run directory -- import, without --dry-run: refuses such rows, says so in escapes, and writes the rest', async () => {
    let files = edit(dataSet(), 'organizations.csv', CENTRE, { name: 'Hidden\u202E Centre' });
    files = edit(files, 'organizations.csv', HUB, { description: 'Help\u0000 here' });
    files = edit(files, 'services.csv', LINE, { description: 'Changed\u0000' });
    const run = await cli(['import', await folder('hidden', files)]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain('name holds characters that are not allowed: \\u202E');
    expect(run.stdout).toContain('description holds characters that are not allowed: \\u0000');
    expect(run.stdout).not.toMatch(RAW_HIDDEN);
    expect(run.stderr).not.toMatch(RAW_HIDDEN);
    // The service was written by the test before; the two organisations are refused.
    expect(await storedIds()).toEqual([SERVICE.id]);
  });

  it('refuses a symbolic link: the folder itself, or a file in it', async () => {
    const real = await folder('real', dataSet());
    const linked = path.join(scratch, 'linked');
    await symlink(real, linked);
    await expect(readHsdsFolder(linked)).rejects.toThrow(ImportError);
    await expect(readHsdsFolder(linked)).rejects.toThrow(`${linked} is a symbolic link`);

    const withLink = await folder(
      'with-link',
      new Map([...dataSet()].filter(([name]) => name !== 'phones.csv')),
    );
    await symlink(path.join(real, 'phones.csv'), path.join(withLink, 'phones.csv'));
    await expect(readHsdsFolder(withLink)).rejects.toThrow('phones.csv is a symbolic link');

    const run = await cli(['import', linked, '--dry-run']);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain(`${linked} is a symbolic link`);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses files, folders and tables over the stated limits', async () => {
    const big = await folder('big-file', dataSet());
    await truncate(path.join(big, 'attributes.csv'), HSDS_IMPORT_LIMITS.fileBytes + 1);
    await expect(readHsdsFolder(big)).rejects.toThrow('attributes.csv is larger than 10 MB');
    const run = await cli(['import', big]);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('attributes.csv is larger than 10 MB');
    expect(run.stderr).not.toMatch(/\n\s+at /);

    const many = await folder('big-folder', new Map());
    const count = Math.floor(HSDS_IMPORT_LIMITS.folderBytes / HSDS_IMPORT_LIMITS.fileBytes) + 1;
    for (let i = 0; i < count; i += 1) {
      const file = path.join(many, `table-${i}.csv`);
      await writeFile(file, '');
      await truncate(file, HSDS_IMPORT_LIMITS.fileBytes);
    }
    await expect(readHsdsFolder(many)).rejects.toThrow('larger than 50 MB together');

    const rows = (count: number) =>
      new Map([['organizations.csv', `id,name\r\n${'x,y\r\n'.repeat(count)}`]]) as HsdsFiles;
    expect(() => loadHsds(rows(HSDS_IMPORT_LIMITS.rows))).not.toThrow();
    expect(() => loadHsds(rows(HSDS_IMPORT_LIMITS.rows + 1))).toThrow(
      'organizations.csv has more than 10,000 rows',
    );
  });

  it('refuses a file that is not UTF-8, where a lone surrogate could hide', async () => {
    const broken = await folder('not-utf8', new Map());
    await writeFile(
      path.join(broken, 'organizations.csv'),
      Buffer.concat([Buffer.from('id,name\r\nx,A'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('B\r\n')]),
    );
    await expect(readHsdsFolder(broken)).rejects.toThrow('organizations.csv is not UTF-8 text');
  });
});
