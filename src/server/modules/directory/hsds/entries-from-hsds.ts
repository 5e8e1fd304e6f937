import type { IncomingEntry, ReadOptions, RejectedEntry } from './incoming-entry';
import { readGovernmentService } from './government-from-hsds';
import { readOrganisation } from './organisation-from-hsds';
import type { HsdsTables } from './tables';
import { DataSet } from './data-set';

/**
 * Our entries in a checked HSDS data set. A service with our government id becomes a government service (its
 * organization is its department); every other organization becomes a local organisation, under our id when it
 * carries one, else under an id made from its name. Whatever cannot be read is answered with its reasons.
 */
export function readEntries(
  tables: HsdsTables,
  options: ReadOptions,
): { entries: IncomingEntry[]; rejected: RejectedEntry[] } {
  const ds = new DataSet(tables);
  const entries: IncomingEntry[] = [];
  const rejected: RejectedEntry[] = [];
  const organizations = ds.rows('organization');
  const services = ds.rows('service');
  const governmentIds = new Map<string, string>();
  for (const service of services) {
    const ours = ds.directoryId([service.id!]);
    if (ours?.kind === 'government') governmentIds.set(service.id!, ours.id);
  }
  const departments = new Map(organizations.map((organization) => [organization.id!, organization]));

  for (const organization of organizations) {
    const own = services.filter((service) => service.organization_id === organization.id);
    const local = own.filter((service) => !governmentIds.has(service.id!));
    // A department of government services only: its services are read below.
    if (own.length && !local.length) continue;
    const read = readOrganisation(ds, organization, local, options);
    if ('entry' in read) entries.push(read);
    else rejected.push(read);
  }
  for (const service of services) {
    const id = governmentIds.get(service.id!);
    if (id === undefined) continue;
    const read = readGovernmentService(ds, service, id, departments, options);
    if ('entry' in read) entries.push(read);
    else rejected.push(read);
  }

  // One entry per id: a second is refused, not merged.
  const seen = new Map<string, string>();
  const unique = entries.filter((incoming) => {
    const key = `${incoming.kind}/${incoming.entry.id}`;
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, incoming.from);
      return true;
    }
    rejected.push({
      from: incoming.from,
      reasons: [`its id "${incoming.entry.id}" is also that of ${first}`],
    });
    return false;
  });
  return { entries: unique, rejected };
}
