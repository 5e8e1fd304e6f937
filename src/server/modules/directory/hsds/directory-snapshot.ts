import { asc, isNull } from 'drizzle-orm';
import type { GovernmentService, Organisation } from '../../../../shared/schemas/resources';
import type { Database } from '../../../db/client';
import { governmentServices, organisations } from '../../../db/schema';

/** The directory as readers see it: entries that are not archived, in id order. */
export type DirectorySnapshot = {
  organisations: { data: Organisation; lat: number; lng: number }[];
  services: GovernmentService[];
};

export async function readDirectory(db: Pick<Database, 'select'>): Promise<DirectorySnapshot> {
  const [organisationRows, serviceRows] = await Promise.all([
    db
      .select({ data: organisations.data, lat: organisations.lat, lng: organisations.lng })
      .from(organisations)
      .where(isNull(organisations.archivedAt))
      .orderBy(asc(organisations.id)),
    db
      .select({ data: governmentServices.data })
      .from(governmentServices)
      .where(isNull(governmentServices.archivedAt))
      .orderBy(asc(governmentServices.id)),
  ]);
  return { organisations: organisationRows, services: serviceRows.map((row) => row.data) };
}
