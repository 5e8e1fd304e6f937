import { z } from 'zod';
import vendored from './hsds-3.0-datapackage.json';

/**
 * The HSDS 3.0 tabular schema (a Frictionless tabular data package), vendored from the Open Referral specification
 * (README.md beside this file says from where). Checked against this shape when loaded, so that a bad edit of the
 * vendored file fails at start, not in the middle of an import.
 */
const fieldSchema = z.object({
  name: z.string().min(1),
  type: z.enum(['string', 'number', 'date', 'time', 'datetime']),
  format: z.string().optional(),
  constraints: z.object({
    required: z.boolean(),
    unique: z.boolean(),
    enum: z.array(z.string()).optional(),
  }),
});
export type HsdsField = z.infer<typeof fieldSchema>;

const foreignKeySchema = z.object({
  fields: z.string(),
  reference: z.object({ resource: z.string(), fields: z.literal('id') }),
});

const resourceSchema = z.object({
  name: z.string().min(1),
  path: z.string().regex(/^[a-z_]+\.csv$/),
  description: z.string().optional(),
  format: z.literal('csv'),
  mediatype: z.literal('text/csv'),
  profile: z.literal('tabular-data-resource'),
  schema: z.object({
    primaryKey: z.literal('id'),
    fields: z.array(fieldSchema).min(1),
    foreignKeys: z.array(foreignKeySchema).optional(),
  }),
});
export type HsdsResource = z.infer<typeof resourceSchema>;

const dataPackageSchema = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  profile: z.literal('tabular-data-package'),
  version: z.literal('3.0.0'),
  homepage: z.string(),
  license: z.object({ url: z.string(), type: z.string(), name: z.string() }),
  resources: z.array(resourceSchema).min(1),
});
export type HsdsDataPackage = z.infer<typeof dataPackageSchema>;

export const HSDS_3_0: HsdsDataPackage = dataPackageSchema.parse(vendored);

/** The HSDS tables this code reads or writes, by their resource names in the data package. */
export type HsdsTableName =
  | 'organization'
  | 'program'
  | 'service'
  | 'attribute'
  | 'service_at_location'
  | 'location'
  | 'phone'
  | 'contact'
  | 'address'
  | 'schedule'
  | 'funding'
  | 'service_area'
  | 'required_document'
  | 'language'
  | 'accessibility'
  | 'taxonomy_term'
  | 'metadata'
  | 'meta_table_description'
  | 'cost_option'
  | 'organization_identifier'
  | 'taxonomy';

const byName = new Map(HSDS_3_0.resources.map((resource) => [resource.name, resource]));

export function hsdsResource(name: HsdsTableName): HsdsResource {
  const resource = byName.get(name);
  if (!resource) throw new Error(`The HSDS 3.0 data package has no resource "${name}"`);
  return resource;
}

export const HSDS_TABLE_NAMES = HSDS_3_0.resources.map((resource) => resource.name as HsdsTableName);

/**
 * The file name we write a table under. HSDS 3.0's data package names the address table's file "addresss.csv", a
 * slip fixed in later versions; we write "addresses.csv" (and say so in our datapackage.json) and read either.
 */
export function exportPath(resource: HsdsResource): string {
  return resource.name === 'address' ? 'addresses.csv' : resource.path;
}

/** The names a table's file may have in a data set that comes without a datapackage.json. */
export function candidatePaths(resource: HsdsResource): string[] {
  return [...new Set([exportPath(resource), resource.path, `${resource.name}.csv`, `${resource.name}s.csv`])];
}

/** These tables and every table their foreign keys point to, in the data package's order. */
export function withReferencedTables(names: HsdsTableName[]): HsdsTableName[] {
  const wanted = new Set<string>(names);
  const queue = [...names];
  while (queue.length) {
    const resource = hsdsResource(queue.pop()!);
    for (const key of resource.schema.foreignKeys ?? []) {
      if (!wanted.has(key.reference.resource)) {
        wanted.add(key.reference.resource);
        queue.push(key.reference.resource as HsdsTableName);
      }
    }
  }
  return HSDS_TABLE_NAMES.filter((name) => wanted.has(name));
}
