import { inReaderLanguage, localized } from '../../../shared/languages';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants';
import { isInterpreterNote, languageText } from '../../../shared/schemas/languages';
import {
  AUS_STATES,
  LANGUAGE_INTERPRETER,
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
import { perDatabaseCache } from '../../lib/ttl-cache';

export type NearbyQuery = {
  lat?: number;
  lng?: number;
  postcode?: string;
  category?: string;
  q?: string;
  language?: string;
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

/** Whether an organisation offers a language (its English name), or with `interpreter`, an interpreter. */
export function offersLanguage(organisation: Organisation, language: string): boolean {
  const languages = organisation.supportedLanguages ?? [];
  if (language === LANGUAGE_INTERPRETER) return languages.some(isInterpreterNote);
  return languages.includes(language as never);
}

/** How like a word of the entry a searched word must be (0–1): "libary" is 0.5 like "Library". */
const SEARCH_SIMILARITY = 0.5;

/**
 * What a search looks in: the name, the suburb and postcode, and the services in both languages. A search matches
 * a part of it, or a word like one of its words (trigram word similarity), so "vietnamse" and "libary" still find.
 */
const searchable = sql`concat_ws(' ', ${organisations.data}->>'name', ${organisations.data}->>'suburb',
  ${organisations.postcode}, (select string_agg((s->>'en') || ' ' || (s->>'vi'), ' ')
    from jsonb_array_elements(${organisations.data}->'services') s))`;

/**
 * The whole directory as readers see it, read once a second at most on each instance instead of on every request
 * (it was the most read table under load: decision 055). A curator's change shows within the second.
 */
type DirectoryRow = { data: Organisation; lat: number; lng: number };
const directoryCache = perDatabaseCache<DirectoryRow[]>(1_000, 1, { byTimeOnly: true });

/**
 * Every organisation readers may see (not archived) with its coordinates, matching the search and the language:
 * the directory is small enough to rank and page in memory.
 */
export async function readDirectory(db: Database, query: Pick<NearbyQuery, 'q' | 'language'>) {
  const where = [isNull(organisations.archivedAt)];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, '\\$&')}%`;
    where.push(
      sql`(${searchable} ilike ${like} or word_similarity(${query.q}, ${searchable}) >= ${SEARCH_SIMILARITY})`,
    );
  }
  const read = (): Promise<DirectoryRow[]> =>
    db
      .select({ data: organisations.data, lat: organisations.lat, lng: organisations.lng })
      .from(organisations)
      .where(and(...where));
  const rows = query.q ? await read() : await directoryCache(db).get('all', read);
  const { language } = query;
  return language ? rows.filter((row) => offersLanguage(row.data, language)) : rows;
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
  const all: NearbyOrganisation[] = (await readDirectory(db, query))
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
  const area = (await readDirectory(db, query))
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

/**
 * An organisation as the spec's local resource, in the reader's language. `supportedLanguages` is every language
 * line its source gives; the card tells the languages spoken there from the interpreter notes.
 */
export function present(organisation: Organisation, distance: number | null, locale: Locale): LocalResource {
  const { address, suburb, state, postcode } = organisation;
  const languages = organisation.supportedLanguages ?? [];
  const named = (entries: typeof languages) => entries.map((entry) => languageText(entry, locale));
  return {
    id: organisation.id,
    name: organisation.name,
    category: organisation.category,
    description: inReaderLanguage(organisation.description, locale),
    address: `${address}, ${suburb} ${state} ${postcode}`,
    phone: organisation.phone ?? null,
    website: organisation.website ?? null,
    hours: (organisation.hours && inReaderLanguage(organisation.hours, locale)) ?? null,
    distance,
    services: organisation.services.map((service) => inReaderLanguage(service, locale)),
    supportedLanguages: named(languages),
    spokenLanguages: named(languages.filter((entry) => !isInterpreterNote(entry))),
    interpreterNotes: named(languages.filter(isInterpreterNote)),
    suburb,
    state,
    postcode,
    source: organisation.source ?? null,
    textLanguage: localized(organisation.description, locale).locale,
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

/** `GET /api/resources/:id`: one organisation readers may see, in the reader's language; 404 when none. */
export async function getOrganisation(db: Database, id: string, locale: Locale): Promise<LocalResource> {
  const [row] = await db
    .select({ data: organisations.data })
    .from(organisations)
    .where(and(eq(organisations.id, id), isNull(organisations.archivedAt)));
  if (!row) throw errors.directoryEntryNotFound();
  return present(row.data, null, locale);
}
