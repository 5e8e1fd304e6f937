import {
  LOCAL_CATEGORIES,
  RESOURCE_RADII_KM,
  type LocalResource,
  type LocalResourcesResponse,
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

/**
 * Organisations nearest first, within the radius asked for; when none of the chosen category is that near,
 * within 25, 50 and 100 km, then anywhere in the person's state. Counts per category are for the same area,
 * so the chips tell what else is there.
 */
export async function nearbyOrganisations(db: Database, query: NearbyQuery): Promise<LocalResourcesResponse> {
  const { point, place } = origin(query);
  const rows = await db
    .select({ data: organisations.data, lat: organisations.lat, lng: organisations.lng })
    .from(organisations);
  const all: LocalResource[] = rows
    .map((row) => ({ ...row.data, distanceKm: Math.round(haversineKm(point, row) * 10) / 10 }))
    .sort((a, b) => a.distanceKm - b.distanceKm || a.name.localeCompare(b.name));
  const wanted = (resource: LocalResource) => !query.category || resource.category === query.category;

  let radiusKm: number | null = null;
  let area: LocalResource[] = [];
  for (const radius of [query.radius, ...RESOURCE_RADII_KM.filter((r) => r > query.radius)]) {
    const within = all.filter((resource) => resource.distanceKm <= radius);
    if (within.some(wanted)) {
      radiusKm = radius;
      area = within;
      break;
    }
  }
  if (radiusKm === null && place) area = all.filter((resource) => resource.state === place.state);

  const counts: Record<string, number> = { all: area.length };
  for (const category of LOCAL_CATEGORIES)
    counts[category] = area.filter((r) => r.category === category).length;
  return { place, requestedRadiusKm: query.radius, radiusKm, counts, resources: area.filter(wanted) };
}
