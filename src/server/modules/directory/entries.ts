import type { GovernmentService, Organisation } from '../../../shared/schemas/resources';
import type { Database } from '../../db/client';
import { governmentServices, organisations } from '../../db/schema';
import { governmentRow, organisationRow } from '../../db/seed/help-content';
import { contentChanged } from '../../lib/content-generation';

type Executor = Pick<Database, 'insert'>;

/** Who changed an entry outside the content files: an admin, or null for an Open Referral import. */
export type Editor = { editedBy: string | null };

/**
 * Adds or replaces an organisation as an admin or an import wrote it, marked as edited so seeding leaves it alone
 * until the content carries a newer review date. Returns false (and writes nothing) when its suburb, postcode and
 * state do not agree with the postcode data.
 */
export async function writeOrganisation(
  db: Executor,
  organisation: Organisation,
  { editedBy }: Editor,
): Promise<boolean> {
  const row = organisationRow(organisation);
  if (!row) return false;
  const { id, ...fields } = row;
  const set = { ...fields, editedAt: new Date(), editedBy };
  await db
    .insert(organisations)
    .values({ id, ...set })
    .onConflictDoUpdate({ target: organisations.id, set });
  contentChanged();
  return true;
}

/** As writeOrganisation, for a government service. */
export async function writeGovernmentService(
  db: Executor,
  service: GovernmentService,
  { editedBy }: Editor,
): Promise<void> {
  const { id, ...fields } = governmentRow(service);
  const set = { ...fields, editedAt: new Date(), editedBy };
  await db
    .insert(governmentServices)
    .values({ id, ...set })
    .onConflictDoUpdate({ target: governmentServices.id, set });
  contentChanged();
}
