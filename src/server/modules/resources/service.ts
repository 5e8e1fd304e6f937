import type { Locale } from '../../../shared/constants';
import { languageText } from '../../../shared/schemas/languages';
import {
  AUS_STATES,
  LOCAL_CATEGORIES,
  RESOURCE_PAGE_SIZE,
  RESOURCE_RADII_KM,
  type LocalResource,
  type LocalResourcesResponse,
  type Organisation,
  type ResolvedPlace,
} from '../../../shared/schemas/resources';
import type { Database } from '../../db/client';
import { organisations } from '../../db/schema';
import { errors } from '../../errors';
import { haversineKm, lookupPostcode, nearestLocality } from '../../lib/postcodes';

export type NearbyQuery = {
  lat?: number;
  lng?: number;
  postcode?: string;
  category?: string;
  radius: number;
};
export type DirectoryQuery = NearbyQuery & { state?: string; page: number };
/** An organisation as written in content/resources, with its distance in km (one decimal). */
export type NearbyOrganisation = Organisation & { distance: number };

function origin(query: NearbyQuery): { point: { lat: number; lng: number }; place: ResolvedPlace | null } {
  if (query.lat !== undefined && query.lng !== undefined) {
    const point = { lat: query.lat, lng: query.lng };
    const near = nearestLocality(point);
    return {
      point,
      place: near ? { postcode: near.postcode, locality: near.name, state: near.state } : null,
    };
  }
  const info = lookupPostcode(query.postcode ?? '');
  if (!info) throw errors.validation('validation.postcodeInvalid');
  return {
    point: info.main,
    place: { postcode: info.postcode, locality: info.main.name, state: info.state },
  };
}

/** Every organisation with its coordinates: the directory is small enough to rank and page in memory. */
function readDirectory(db: Database) {
  return db
    .select({ data: organisations.data, lat: organisations.lat, lng: organisations.lng })
    .from(organisations);
}

function countByCategory(area: Organisation[]): Record<string, number> {
  const counts: Record<string, number> = { all: area.length };
  for (const category of LOCAL_CATEGORIES)
    counts[category] = area.filter((o) => o.category === category).length;
  return counts;
}

/**
 * The nearest area holding something wanted: within the radius asked for, else 25, 50 and 100 km, else the
 * person's whole state (`radiusKm` null). `all` is sorted nearest first.
 */
function widenFor(
  all: NearbyOrganisation[],
  radius: number,
  state: string | undefined,
  wanted: (organisation: Organisation) => boolean,
): { radiusKm: number | null; area: NearbyOrganisation[] } {
  for (const r of [radius, ...RESOURCE_RADII_KM.filter((r) => r > radius)]) {
    const within = all.filter((organisation) => organisation.distance <= r);
    if (within.some(wanted)) return { radiusKm: r, area: within };
  }
  return { radiusKm: null, area: state ? all.filter((organisation) => organisation.state === state) : [] };
}

/**
 * Organisations nearest first, within the radius asked for; when none of the chosen category is that near,
 * within 25, 50 and 100 km, then anywhere in the person's state. Each category's count is what choosing it shows
 * (its own widened area), so a chip never says 0 and then lists organisations further away.
 */
export async function nearbyOrganisations(db: Database, query: NearbyQuery) {
  const { point, place } = origin(query);
  const all: NearbyOrganisation[] = (await readDirectory(db))
    .map((row) => ({ ...row.data, distance: Math.round(haversineKm(point, row) * 10) / 10 }))
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name));
  const of = (category?: string) => (organisation: Organisation) =>
    !category || organisation.category === category;
  const shown = (category?: string) => {
    const { radiusKm, area } = widenFor(all, query.radius, place?.state, of(category));
    return { radiusKm, resources: area.filter(of(category)) };
  };

  const counts: Record<string, number> = { all: shown().resources.length };
  for (const category of LOCAL_CATEGORIES) counts[category] = shown(category).resources.length;
  const { radiusKm, resources } = shown(query.category);
  return { place, requestedRadiusKm: query.radius, radiusKm, counts, resources };
}

/** The whole directory (or a state's), by state and name, a page at a time; counts are for the same state. */
async function browseOrganisations(db: Database, query: DirectoryQuery) {
  const area = (await readDirectory(db))
    .map((row) => row.data)
    .filter((organisation) => !query.state || organisation.state === query.state)
    .sort(
      (a, b) =>
        AUS_STATES.indexOf(a.state) - AUS_STATES.indexOf(b.state) ||
        a.suburb.localeCompare(b.suburb) ||
        a.name.localeCompare(b.name),
    );
  const matching = area.filter((organisation) => !query.category || organisation.category === query.category);
  const start = (query.page - 1) * RESOURCE_PAGE_SIZE;
  return {
    counts: countByCategory(area),
    matching,
    resources: matching.slice(start, start + RESOURCE_PAGE_SIZE),
  };
}

/** An organisation as the spec's local resource, in the reader's language. */
function present(organisation: Organisation, distance: number | null, locale: Locale): LocalResource {
  const { address, suburb, state, postcode } = organisation;
  return {
    id: organisation.id,
    name: organisation.name,
    category: organisation.category,
    description: organisation.description[locale],
    address: `${address}, ${suburb} ${state} ${postcode}`,
    phone: organisation.phone ?? null,
    website: organisation.website ?? null,
    hours: organisation.hours?.[locale] ?? null,
    distance,
    services: organisation.services.map((service) => service[locale]),
    supportedLanguages: (organisation.supportedLanguages ?? []).map((language) =>
      languageText(language, locale),
    ),
    suburb,
    state,
    postcode,
    source: organisation.source,
    lastReviewed: organisation.lastReviewed,
  };
}

/**
 * `GET /api/resources`: near a position or a postcode (every match on one page), or, with neither, the whole
 * directory a page at a time.
 */
export async function findOrganisations(
  db: Database,
  query: DirectoryQuery,
  locale: Locale,
): Promise<LocalResourcesResponse> {
  if (query.lat !== undefined || query.postcode !== undefined) {
    const near = await nearbyOrganisations(db, query);
    return {
      ...near,
      resources: near.resources.map((o) => present(o, o.distance, locale)),
      total: near.resources.length,
      page: 1,
      pageSize: near.resources.length,
    };
  }
  const browse = await browseOrganisations(db, query);
  return {
    place: null,
    requestedRadiusKm: null,
    radiusKm: null,
    counts: browse.counts,
    resources: browse.resources.map((o) => present(o, null, locale)),
    total: browse.matching.length,
    page: query.page,
    pageSize: RESOURCE_PAGE_SIZE,
  };
}
