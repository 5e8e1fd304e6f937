import { inReaderLanguage, localized } from '../../../shared/languages';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants';
import { languageText } from '../../../shared/schemas/languages';
import type { GovernmentResource, GovernmentService, ResolvedPlace } from '../../../shared/schemas/resources';
import type { Database } from '../../db/client';
import { governmentServices, serviceNotices } from '../../db/schema';
import { errors } from '../../errors';
import type { SessionUser } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { findLocality, haversineKm, lookupPostcode, type AusState } from '../../lib/postcodes';

const gs = governmentServices;
/** A service in a city within this distance is local; statewide services rank as if this far. */
const LOCAL_KM = 25;
/** National services come after every service of the state, however far. */
const NATIONAL_KM = 100_000;

export type GovernmentSearch = { keyword?: string; category?: string; state?: AusState };

/**
 * Services matching a search. A state keeps that state's services and the national ones. A keyword matches by
 * full-text search (English stemming, and 'simple' for Vietnamese) or by trigram word similarity, so "medicar"
 * and "medicre" still find Medicare; results are ranked by relevance, then title.
 */
export async function searchServices(db: Database, search: GovernmentSearch): Promise<GovernmentService[]> {
  const where: SQL[] = [isNull(gs.archivedAt)];
  const order: SQL[] = [];
  if (search.category) where.push(eq(gs.category, search.category));
  if (search.state) {
    where.push(inArray(gs.state, [search.state, 'national']));
    order.push(sql`${gs.state} = 'national'`);
  }
  if (search.keyword) {
    const english = sql`websearch_to_tsquery('english', ${search.keyword})`;
    const simple = sql`websearch_to_tsquery('simple', ${search.keyword})`;
    where.push(
      or(
        sql`${gs.search} @@ ${english}`,
        sql`${gs.search} @@ ${simple}`,
        sql`${search.keyword} <% ${gs.searchText}`,
      )!,
    );
    order.unshift(
      desc(
        sql`greatest(ts_rank(${gs.search}, ${english}), ts_rank(${gs.search}, ${simple}), word_similarity(${search.keyword}, ${gs.searchText}))`,
      ),
    );
  }
  const rows = await db
    .select({ data: gs.data })
    .from(gs)
    .where(and(...where))
    .orderBy(...order, asc(gs.titleEn));
  return rows.map((row) => row.data);
}

/**
 * The services for a postcode matching a search (category, keywords): its state's, nearest city first (a city
 * within 25 km, then the statewide services, then farther cities), then the national ones. An unknown postcode is a 400, never an empty list that looks like "no help here".
 */
export async function localServices(
  db: Database,
  postcode: string,
  search: Omit<GovernmentSearch, 'state'>,
): Promise<{ place: ResolvedPlace; resources: GovernmentService[] }> {
  const info = lookupPostcode(postcode);
  if (!info) throw errors.validation('validation.postcodeInvalid');
  const services = await searchServices(db, { ...search, state: info.state });
  const distance = (service: GovernmentService) => {
    if (service.location.state === 'national') return NATIONAL_KM;
    const city = service.location.city && findLocality(service.location.city, service.location.state);
    return city ? haversineKm(info.main, city) : LOCAL_KM;
  };
  const ranked = services.map((service, index) => ({ service, index, km: distance(service) }));
  ranked.sort((a, b) => a.km - b.km || a.index - b.index);
  return {
    place: { postcode, locality: info.main.name, state: info.state },
    resources: ranked.map((entry) => entry.service),
  };
}

/** A service as the spec's government resource, in the reader's language. */
export function presentService(service: GovernmentService, locale: Locale): GovernmentResource {
  return {
    id: service.id,
    title: inReaderLanguage(service.title, locale),
    description: inReaderLanguage(service.description, locale),
    category: service.category,
    department: service.department,
    eligibility: service.eligibility.map((point) => inReaderLanguage(point, locale)),
    contactInfo: service.contactInfo,
    operatingHours: service.operatingHours && inReaderLanguage(service.operatingHours, locale),
    languages: service.languages.map((language) => languageText(language, locale)),
    location: service.location,
    lastUpdated: service.lastUpdated,
    source: service.source ?? null,
    textLanguage: localized(service.description, locale).locale,
  };
}

export async function serviceNoticesById(db: Database): Promise<Map<string, string>> {
  const rows = await db.select().from(serviceNotices);
  return new Map(rows.map((row) => [row.serviceId, row.note]));
}

/** Sets (or, with null, removes) an admin's notice on an official service, on the record. */
export async function setServiceNotice(
  db: Database,
  service: { id: string; name: string },
  note: string | null,
  admin: SessionUser,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (note === null) {
      await tx.delete(serviceNotices).where(eq(serviceNotices.serviceId, service.id));
    } else {
      await tx
        .insert(serviceNotices)
        .values({ serviceId: service.id, note, updatedBy: admin.id })
        .onConflictDoUpdate({
          target: serviceNotices.serviceId,
          set: { note, updatedBy: admin.id, updatedAt: sql`now()` },
        });
    }
    await recordAudit(tx, admin, {
      action: note === null ? 'notice.clear' : 'notice.set',
      targetType: 'service',
      targetId: service.id,
      targetLabel: service.name,
      detail: note,
    });
  });
}
