import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../../db/client';
import { formatCsv } from './csv';
import { exportPath, HSDS_3_0, hsdsResource, withReferencedTables } from './datapackage';
import { readDirectory, type DirectorySnapshot } from './directory-snapshot';
import { buildHsdsTables } from './tables-from-directory';

/** The tables we write, with those their foreign keys point to (written with their header only when empty). */
export const EXPORTED_TABLES = withReferencedTables([
  'organization',
  'service',
  'location',
  'address',
  'phone',
  'schedule',
  'language',
  'service_at_location',
  'service_area',
  'attribute',
  'taxonomy_term',
  'taxonomy',
]);

export type HsdsFile = { path: string; content: string };

/** Our datapackage.json: the HSDS 3.0 resources we write, under the file names we write them. */
export function exportDataPackage(): object {
  return {
    name: 'mentor-me-directory',
    title: 'Mentor Me: help for migrants and international students in Australia',
    description:
      'The Mentor Me directory of local organisations and government services in the Open Referral Human Services Data Specification (HSDS) 3.0 tabular form. Text is in English in the HSDS fields; the Vietnamese text, our ids, categories and sources are attributes of the "Mentor Me directory" taxonomy (taxonomies.csv, taxonomy_terms.csv).',
    profile: HSDS_3_0.profile,
    sources: [{ title: `${HSDS_3_0.title} ${HSDS_3_0.version}`, path: HSDS_3_0.homepage }],
    resources: EXPORTED_TABLES.map((name) => {
      const resource = hsdsResource(name);
      return { ...resource, path: exportPath(resource) };
    }),
  };
}

/** The HSDS files of the directory: datapackage.json first, then one CSV per table. */
export function hsdsFiles(snapshot: DirectorySnapshot): HsdsFile[] {
  const tables = buildHsdsTables(snapshot);
  const csv = EXPORTED_TABLES.map((name) => {
    const resource = hsdsResource(name);
    const fields = resource.schema.fields.map((field) => field.name);
    const rows = (tables.get(name) ?? []).map((row) => fields.map((field) => row[field]!));
    return { path: exportPath(resource), content: formatCsv([fields, ...rows]) };
  });
  return [{ path: 'datapackage.json', content: `${JSON.stringify(exportDataPackage(), null, 2)}\n` }, ...csv];
}

export async function exportHsds(db: Pick<Database, 'select'>): Promise<HsdsFile[]> {
  return hsdsFiles(await readDirectory(db));
}

/** Writes the files into a folder, made when it does not exist; other files in it are left alone. */
export async function writeHsdsFolder(folder: string, files: HsdsFile[]): Promise<void> {
  await mkdir(folder, { recursive: true });
  for (const file of files) await writeFile(path.join(folder, file.path), file.content, 'utf8');
}
