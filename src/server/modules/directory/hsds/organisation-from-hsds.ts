import { LOCAL_CATEGORIES } from '../../../../shared/directory';
import { organisationSchema, type Organisation } from '../../../../shared/schemas/resources';
import { organisationRow } from '../../../db/seed/help-content';
import '../../../errors';
import { findLocality } from '../../../lib/postcodes';
import { slugify } from './ids';
import { NO_SOURCE, type IncomingEntry, type ReadOptions, type RejectedEntry } from './incoming-entry';
import type { HsdsRow } from './tables';
import {
  checkReviewDate,
  compact,
  type DataSet,
  dedupe,
  isHttps,
  readPhone,
  reasonsOf,
  STATE_NAMES,
} from './data-set';

export function readOrganisation(
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
