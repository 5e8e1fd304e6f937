import { AUS_STATES, GOVERNMENT_CATEGORIES, LOCAL_CATEGORIES } from '../../../../shared/directory';
import {
  governmentServiceSchema,
  organisationSchema,
  type GovernmentService,
  type Organisation,
} from '../../../../shared/schemas/resources';
import { organisationRow } from '../../../db/seed/help-content';
import '../../../errors';
import { findLocality } from '../../../lib/postcodes';
import { slugify } from './ids';
import type { HsdsRow, HsdsTables } from './tables';
import {
  checkReviewDate,
  compact,
  DataSet,
  dedupe,
  isHttps,
  readPhone,
  reasonsOf,
  STATE_NAMES,
} from './data-set';

/** An entry of ours read from an HSDS data set, with where it came from for the report. */
export type IncomingEntry =
  | { kind: 'organisation'; entry: Organisation; from: string; notes: string[] }
  | { kind: 'government'; entry: GovernmentService; from: string; notes: string[] };

/** An HSDS organization or service that cannot become an entry of ours, and why. */
export type RejectedEntry = { from: string; reasons: string[] };

/** An entry without one is taken, and its page says "No official source yet" (decision 042). */
const NO_SOURCE =
  'it has no https source (its own, its website or the data set’s, given by --source): taken without one';

export type ReadOptions = {
  /** The data set's own https page, used as the source of an organisation whose website is not https. */
  datasetSource?: string;
  /** Today in Australia (YYYY-MM-DD): a review date after it is refused. */
  today: string;
};

function readOrganisation(
  ds: DataSet,
  organization: HsdsRow,
  services: HsdsRow[],
  options: ReadOptions,
): IncomingEntry | RejectedEntry {
  const from = `organization "${organization.name}" (${ds.lineOf('organization', organization.id!)})`;
  const reasons: string[] = [];
  const notes: string[] = [];
  const serviceIds = services.map((service) => service.id!);
  const ownIds = [organization.id!, ...serviceIds];

  const ours = ds.directoryId(ownIds);
  const id = ours?.kind === 'organisation' ? ours.id : slugify(organization.name!);
  if (!id) reasons.push('its name has no letters or digits to make an id from');

  // Its locations: those it runs, and those its services are delivered at.
  const links = ds.rows('service_at_location').filter((link) => serviceIds.includes(link.service_id!));
  const locationIds = dedupe([
    ...ds
      .rows('location')
      .filter((location) => location.organization_id === organization.id)
      .map((location) => location.id!),
    ...links.map((link) => link.location_id!),
  ]);
  const address = ds
    .rows('address')
    .find((row) => locationIds.includes(row.location_id!) && row.address_type === 'physical');
  let place: Pick<Organisation, 'address' | 'suburb' | 'state' | 'postcode'> | undefined;
  if (!address) {
    reasons.push('it has no physical address (an address of type "physical" at one of its locations)');
  } else {
    const country = address.country!.trim().toUpperCase();
    const state = STATE_NAMES.get(address.state_province!.trim().toLowerCase());
    if (!['AU', 'AUS', 'AUSTRALIA'].includes(country)) {
      reasons.push(`its address is in "${address.country}", not Australia (AU)`);
    } else if (!state) {
      reasons.push(`"${address.state_province}" is not an Australian state or territory`);
    } else {
      const postcode = address.postal_code!.trim();
      const city = address.city!.trim();
      // A city written in capitals or lower case takes the postcode data's spelling ("PARRAMATTA": "Parramatta").
      const locality = findLocality(city, postcode);
      const suburb =
        locality && (city === city.toUpperCase() || city === city.toLowerCase()) ? locality.name : city;
      place = {
        address: [address.address_1, address.address_2].filter((line) => line?.trim()).join(', '),
        suburb,
        state,
        postcode,
      };
    }
  }

  const salIds = links.map((link) => link.id!);
  const phones = ds.rows('phone');
  const phoneRow =
    phones.find((row) => row.organization_id === organization.id) ??
    phones.find((row) => serviceIds.includes(row.service_id!)) ??
    phones.find((row) => locationIds.includes(row.location_id!)) ??
    phones.find((row) => salIds.includes(row.service_at_location_id!));
  const phone = phoneRow && readPhone(phoneRow.number!);
  if (phoneRow && !phone)
    notes.push(`phone "${phoneRow.number}" is not an Australian number we can read: left out`);

  const website = organization.website || undefined;
  if (website && !isHttps(website)) notes.push(`website ${website} is not https: left out`);

  const { ours: ourCategories, suggested } = ds.categories(ownIds);
  let category = [...ourCategories, ...suggested].find((candidate) =>
    (LOCAL_CATEGORIES as readonly string[]).includes(candidate),
  ) as Organisation['category'] | undefined;
  if (!category) {
    category = 'community';
    notes.push('no taxonomy term names one of our categories: filed under "community"');
  }

  const offers = serviceIds.flatMap((serviceId) =>
    ds.details([serviceId], 'offers').map((attribute) => ({
      en: attribute.value!,
      vi: ds.detail([attribute.id!], 'viValue') ?? attribute.value!,
    })),
  );
  // A partner's services are what the organisation offers, unless it is the organisation under its own name.
  const offered = offers.length
    ? offers
    : services
        .filter((service) => service.name!.trim().toLowerCase() !== organization.name!.trim().toLowerCase())
        .map((service) => ({ en: service.name!, vi: ds.detail([service.id!], 'viName') ?? service.name! }));
  const items = dedupe(offered);
  if (items.length > 8) notes.push(`it offers ${items.length} services: the first 8 were kept`);

  const interpretation = services.flatMap((service) =>
    service
      .interpretation_services!.split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => ({ en: line, vi: line })),
  );
  const languages = dedupe([...ds.languages(serviceIds, locationIds), ...interpretation]);

  const sourceAttribute = ds.detail(ownIds, 'source');
  const source = [sourceAttribute, website, options.datasetSource].find(isHttps);
  if (!source) notes.push(NO_SOURCE);
  const languagesSource = ds.detail(ownIds, 'languagesSource');

  const reviewed = services
    .map((service) => service.assured_date!)
    .filter(Boolean)
    .sort()
    .at(-1);
  checkReviewDate(reviewed, options.today, reasons);

  const description = organization.description!;
  if (reasons.length || !place) return { from, reasons };
  const parsed = organisationSchema.safeParse(
    compact({
      id,
      name: organization.name,
      category,
      description: { en: description, vi: ds.detail([organization.id!], 'viDescription') ?? description },
      ...place,
      phone,
      website: isHttps(website) ? website : undefined,
      hours: ds.hours(serviceIds, locationIds),
      services: items.slice(0, 8),
      supportedLanguages: languages.length ? languages : undefined,
      languagesSource,
      source,
      lastReviewed: reviewed,
    }),
  );
  if (!parsed.success) return { from, reasons: reasonsOf(parsed.error) };
  const entry = compact(parsed.data);
  if (!organisationRow(entry)) {
    return {
      from,
      reasons: [
        `${entry.suburb} ${entry.state} ${entry.postcode} is not a locality of that postcode and state`,
      ],
    };
  }
  return { kind: 'organisation', entry, from, notes };
}

/** "Australia", "NSW", or "Sydney, NSW", as serviceAreaName writes them. */
function readServiceArea(name: string): GovernmentService['location'] | undefined {
  if (name.trim().toLowerCase() === 'australia') return { state: 'national' };
  const match = /^(?:(.+), )?([A-Z]{2,3})$/.exec(name.trim());
  const state = AUS_STATES.find((code) => code === match?.[2]);
  if (!match || !state) return undefined;
  return match[1] ? { state, city: match[1] } : { state };
}

function readGovernmentService(
  ds: DataSet,
  service: HsdsRow,
  id: string,
  departments: Map<string, HsdsRow>,
  options: ReadOptions,
): IncomingEntry | RejectedEntry {
  const from = `service "${service.name}" (${ds.lineOf('service', service.id!)})`;
  const reasons: string[] = [];
  const notes: string[] = [];
  const own = [service.id!];
  const department = departments.get(service.organization_id!);

  const category = ds
    .categories(own)
    .ours.find((candidate) => (GOVERNMENT_CATEGORIES as readonly string[]).includes(candidate));
  if (!category) reasons.push('it has no category of ours (a "Mentor Me directory" taxonomy term)');

  const english = service.eligibility_description!.split('\n').filter((line) => line.trim());
  const viText = ds.detail(own, 'viEligibility');
  const vietnamese = viText === undefined ? english : viText.split('\n').filter((line) => line.trim());
  if (vietnamese.length !== english.length) {
    reasons.push(
      `its eligibility has ${english.length} lines in English and ${vietnamese.length} in Vietnamese`,
    );
  }

  const phoneRow = ds.rows('phone').find((row) => row.service_id === service.id);
  const phone = phoneRow && readPhone(phoneRow.number!);
  if (phoneRow && !phone)
    notes.push(`phone "${phoneRow.number}" is not an Australian number we can read: left out`);
  const website = service.url || undefined;
  if (website && !isHttps(website)) notes.push(`url ${website} is not https: left out`);

  const area = ds.rows('service_area').find((row) => row.service_id === service.id);
  const location = area && readServiceArea(area.name!);
  if (!location) {
    reasons.push(
      area
        ? `its service area "${area.name}" is not "Australia", a state or "city, state"`
        : 'it has no service area',
    );
  }
  const source = [ds.detail(own, 'source'), options.datasetSource].find(isHttps);
  if (!source) notes.push(NO_SOURCE);
  checkReviewDate(service.assured_date || undefined, options.today, reasons);
  if (reasons.length) return { from, reasons };

  const languages = ds.languages(own, []);
  const parsed = governmentServiceSchema.safeParse(
    compact({
      id,
      title: { en: service.name, vi: ds.detail(own, 'viName') ?? service.name },
      description: { en: service.description, vi: ds.detail(own, 'viDescription') ?? service.description },
      category,
      department: department?.name,
      eligibility: english.map((en, index) => ({ en, vi: vietnamese[index]! })),
      contactInfo: compact({
        phone,
        email: service.email || undefined,
        website: isHttps(website) ? website : undefined,
      }),
      operatingHours: ds.hours(own, []),
      languages,
      languagesSource: ds.detail(own, 'languagesSource'),
      location,
      source,
      lastUpdated: service.assured_date,
    }),
  );
  if (!parsed.success) return { from, reasons: reasonsOf(parsed.error) };
  const entry = compact({
    ...parsed.data,
    contactInfo: compact(parsed.data.contactInfo),
    location: compact(parsed.data.location),
  });
  return { kind: 'government', entry, from, notes };
}

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
