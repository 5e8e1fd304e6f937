import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import {
  governmentFileSchema,
  organisationsFileSchema,
  type GovernmentService,
  type Organisation,
} from '../../../shared/schemas/resources';
import { projectPath } from '../../paths';
import type { Database } from '../client';
import { governmentServices, organisations } from '../schema';
import { contentChanged } from '../../lib/content-generation';
import { syncRows } from '../sync';
import { findLocality } from '../../lib/postcodes';
import { sql } from 'drizzle-orm';

export type PlacedOrganisation = Organisation & { lat: number; lng: number };
export type HelpContent = { services: GovernmentService[]; organisations: PlacedOrganisation[] };

export class ContentError extends Error {
  override name = 'ContentError';
}

function readJsonFiles<T>(dir: string, schema: z.ZodType<T>): T[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new ContentError(`${file}: ${issue.path.join('.')}: ${issue.message}`);
      }
      return parsed.data;
    });
}

function assertUniqueIds(kind: string, ids: string[]): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new ContentError(`${kind} "${id}" appears twice`);
    seen.add(id);
  }
}

/**
 * An organisation's row: placed at its suburb's coordinates in the postcode data. Null when the suburb is not a
 * locality of that postcode in that state: never a guess.
 */
export function organisationRow(organisation: Organisation) {
  const place = findLocality(organisation.suburb, organisation.postcode);
  if (!place || place.state !== organisation.state) return null;
  return {
    id: organisation.id,
    category: organisation.category,
    state: organisation.state,
    postcode: organisation.postcode,
    lat: place.lat,
    lng: place.lng,
    data: organisation,
  };
}

export function governmentRow(service: GovernmentService) {
  return {
    id: service.id,
    category: service.category,
    state: service.location.state,
    city: service.location.city ?? null,
    titleEn: service.title.en,
    titleVi: service.title.vi,
    department: service.department,
    descriptionEn: service.description.en,
    descriptionVi: service.description.vi,
    data: service,
  };
}

/**
 * Reads and checks content/government/*.json and content/resources/*.json. An organisation is placed at its
 * suburb's coordinates in the postcode data; a suburb that is not a locality of its postcode, or a postcode in
 * another state, is an error, never a guess.
 */
export function loadHelpContent(dir = projectPath('content')): HelpContent {
  if (!dir) throw new ContentError('The content directory was not found.');
  const services = readJsonFiles(path.join(dir, 'government'), governmentFileSchema).flatMap(
    (file) => file.services,
  );
  const listed = readJsonFiles(path.join(dir, 'resources'), organisationsFileSchema).flatMap(
    (file) => file.organisations,
  );
  assertUniqueIds(
    'Government service',
    services.map((s) => s.id),
  );
  assertUniqueIds(
    'Organisation',
    listed.map((o) => o.id),
  );
  const placed = listed.map((organisation) => {
    const row = organisationRow(organisation);
    if (!row) {
      throw new ContentError(
        `Organisation "${organisation.id}": ${organisation.suburb} ${organisation.state} ${organisation.postcode} is not in the postcode data`,
      );
    }
    return { ...organisation, lat: row.lat, lng: row.lng };
  });
  return { services, organisations: placed };
}

/**
 * Seeding: the tables get every entry of the content, new and changed ones written, removed ones deleted, except
 * entries an admin (or an import) changed later. Those stay as they are until the content carries a newer review
 * date than theirs; then the content's facts replace them (an archived entry stays archived). See
 * docs/decisions/024-directory-curation.md.
 */
export async function syncHelpContent(
  db: Pick<Database, 'transaction'>,
  content: HelpContent,
): Promise<void> {
  const keep = ['archivedAt'];
  await db.transaction(async (tx) => {
    await syncRows(tx, governmentServices, content.services.map(governmentRow), {
      kept: sql`${governmentServices.editedAt} is not null`,
      replace: sql`excluded.data->>'lastUpdated' > ${governmentServices.data}->>'lastUpdated'`,
      keep,
    });
    await syncRows(
      tx,
      organisations,
      content.organisations.map(({ lat, lng, ...organisation }) => ({
        ...organisationRow(organisation)!,
        lat,
        lng,
      })),
      {
        kept: sql`${organisations.editedAt} is not null`,
        replace: sql`excluded.data->>'lastReviewed' > ${organisations.data}->>'lastReviewed'`,
        keep,
      },
    );
  });
  contentChanged();
}
