import type { GovernmentService, LanguageEntry } from '../../../../shared/schemas/resources';
import { hsdsResource, type HsdsTableName } from './datapackage';
import type { DirectorySnapshot } from './directory-snapshot';
import { directoryIdValue, hsdsIds, uuidV5 } from './ids';
import type { HsdsRow } from './tables';
import {
  categoryTerm,
  DETAIL_TERMS,
  detailTermId,
  HELP_CATEGORIES,
  LANGUAGE_CODES,
  LINK_TYPES,
  TAXONOMY,
  type DetailTerm,
} from './vocabulary';

/** The service area of a government service: "Australia", a state, or a city with its state ("Sydney, NSW"). */
export function serviceAreaName(location: GovernmentService['location']): string {
  if (location.state === 'national') return 'Australia';
  return location.city ? `${location.city}, ${location.state}` : location.state;
}

const DEPARTMENT_DESCRIPTION =
  'An Australian government body, or a government-funded service, whose services Mentor Me lists for migrants and international students.';

/** The rows of the HSDS tables, each with every field of its table (empty ones as ''). */
class TableBuilder {
  readonly tables = new Map<HsdsTableName, HsdsRow[]>();
  private attributeCounts = new Map<string, number>();

  add(name: HsdsTableName, values: Record<string, string | number | undefined>): string {
    const fields = hsdsResource(name).schema.fields.map((field) => field.name);
    const unknown = Object.keys(values).filter((key) => !fields.includes(key));
    if (unknown.length) throw new Error(`HSDS ${name} has no field ${unknown.join(', ')}`);
    const row = Object.fromEntries(fields.map((field) => [field, String(values[field] ?? '')]));
    if (!row.id) throw new Error(`An HSDS ${name} row needs an id`);
    if (!this.tables.has(name)) this.tables.set(name, []);
    this.tables.get(name)!.push(row);
    return row.id;
  }

  /** An attribute of our taxonomy on a row; nothing when the value is absent. */
  detail(entity: HsdsTableName, linkId: string, term: DetailTerm, value: string | undefined): string | null {
    if (value === undefined) return null;
    const linkType = DETAIL_TERMS[term].code.startsWith('vi-') ? LINK_TYPES.translation : LINK_TYPES.detail;
    return this.attribute(entity, linkId, detailTermId(term), linkType, value);
  }

  attribute(entity: HsdsTableName, linkId: string, termId: string, linkType: string, value: string): string {
    const key = `${linkId}/${termId}`;
    const count = this.attributeCounts.get(key) ?? 0;
    this.attributeCounts.set(key, count + 1);
    return this.add('attribute', {
      id: uuidV5(`attribute/${key}/${count}`),
      link_id: linkId,
      taxonomy_term_id: termId,
      link_type: linkType,
      link_entity: entity,
      value,
    });
  }
}

function addLanguages(b: TableBuilder, serviceId: string, languages: LanguageEntry[] | undefined): void {
  (languages ?? []).forEach((entry, index) => {
    const id = uuidV5(`${serviceId}/language/${index}`);
    if (typeof entry === 'string') {
      b.add('language', { id, service_id: serviceId, name: entry, code: LANGUAGE_CODES[entry] });
    } else {
      // A note such as "Free interpreter on request": kept apart from the languages spoken, as HSDS asks.
      b.add('language', { id, service_id: serviceId, note: entry.en });
      b.detail('language', id, 'viNote', entry.vi);
    }
  });
}

function addHours(b: TableBuilder, serviceId: string, hours: { en: string; vi: string } | undefined): void {
  if (!hours) return;
  const id = b.add('schedule', {
    id: uuidV5(`${serviceId}/hours`),
    service_id: serviceId,
    description: hours.en,
  });
  b.detail('schedule', id, 'viDescription', hours.vi);
}

function addOrganisation(b: TableBuilder, { data: o, lat, lng }: DirectorySnapshot['organisations'][number]) {
  const organizationId = b.add('organization', {
    id: hsdsIds.organisation(o.id),
    name: o.name,
    description: o.description.en,
    website: o.website,
  });
  b.detail('organization', organizationId, 'viDescription', o.description.vi);
  const serviceId = b.add('service', {
    id: hsdsIds.organisationService(o.id),
    organization_id: organizationId,
    name: o.name,
    description: o.description.en,
    url: o.website,
    status: 'active',
    assured_date: o.lastReviewed,
  });
  b.detail('service', serviceId, 'directoryId', directoryIdValue('organisation', o.id));
  b.attribute('service', serviceId, categoryTerm(o.category).id, LINK_TYPES.category, '');
  b.detail('service', serviceId, 'source', o.source);
  b.detail('service', serviceId, 'languagesSource', o.languagesSource);
  for (const offer of o.services) {
    const attributeId = b.detail('service', serviceId, 'offers', offer.en)!;
    b.detail('attribute', attributeId, 'viValue', offer.vi);
  }
  const locationId = b.add('location', {
    id: uuidV5(`${serviceId}/location`),
    location_type: 'physical',
    organization_id: organizationId,
    name: o.name,
    latitude: lat,
    longitude: lng,
  });
  b.add('address', {
    id: uuidV5(`${locationId}/address`),
    location_id: locationId,
    address_1: o.address,
    city: o.suburb,
    state_province: o.state,
    postal_code: o.postcode,
    country: 'AU',
    address_type: 'physical',
  });
  b.add('service_at_location', {
    id: uuidV5(`${serviceId}/at/${locationId}`),
    service_id: serviceId,
    location_id: locationId,
  });
  if (o.phone) {
    b.add('phone', {
      id: uuidV5(`${organizationId}/phone`),
      organization_id: organizationId,
      number: o.phone,
    });
  }
  addHours(b, serviceId, o.hours);
  addLanguages(b, serviceId, o.supportedLanguages);
}

function addGovernmentService(b: TableBuilder, s: GovernmentService) {
  const serviceId = b.add('service', {
    id: hsdsIds.government(s.id),
    organization_id: hsdsIds.department(s.department),
    name: s.title.en,
    description: s.description.en,
    url: s.contactInfo.website,
    email: s.contactInfo.email,
    status: 'active',
    eligibility_description: s.eligibility.map((line) => line.en).join('\n'),
    assured_date: s.lastUpdated,
  });
  b.detail('service', serviceId, 'directoryId', directoryIdValue('government', s.id));
  b.detail('service', serviceId, 'viName', s.title.vi);
  b.detail('service', serviceId, 'viDescription', s.description.vi);
  if (s.eligibility.length) {
    b.detail('service', serviceId, 'viEligibility', s.eligibility.map((line) => line.vi).join('\n'));
  }
  b.attribute('service', serviceId, categoryTerm(s.category).id, LINK_TYPES.category, '');
  b.detail('service', serviceId, 'source', s.source);
  b.detail('service', serviceId, 'languagesSource', s.languagesSource);
  b.add('service_area', {
    id: uuidV5(`${serviceId}/area`),
    service_id: serviceId,
    name: serviceAreaName(s.location),
  });
  if (s.contactInfo.phone) {
    b.add('phone', { id: uuidV5(`${serviceId}/phone`), service_id: serviceId, number: s.contactInfo.phone });
  }
  addHours(b, serviceId, s.operatingHours);
  addLanguages(b, serviceId, s.languages);
}

export function buildHsdsTables(snapshot: DirectorySnapshot): Map<HsdsTableName, HsdsRow[]> {
  const b = new TableBuilder();
  b.add('taxonomy', TAXONOMY);
  for (const category of HELP_CATEGORIES)
    b.add('taxonomy_term', {
      ...categoryTerm(category),
      taxonomy_id: TAXONOMY.id,
      taxonomy: TAXONOMY.name,
      language: 'en',
    });
  for (const term of Object.keys(DETAIL_TERMS) as DetailTerm[]) {
    b.add('taxonomy_term', {
      id: detailTermId(term),
      ...DETAIL_TERMS[term],
      taxonomy_id: TAXONOMY.id,
      taxonomy: TAXONOMY.name,
      language: 'en',
    });
  }
  for (const organisation of snapshot.organisations) addOrganisation(b, organisation);
  const departments = [...new Set(snapshot.services.map((service) => service.department))].sort();
  for (const department of departments) {
    b.add('organization', {
      id: hsdsIds.department(department),
      name: department,
      description: DEPARTMENT_DESCRIPTION,
    });
  }
  for (const service of snapshot.services) addGovernmentService(b, service);
  return b.tables;
}
