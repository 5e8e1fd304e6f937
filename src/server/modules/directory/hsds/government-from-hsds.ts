import { AUS_STATES, GOVERNMENT_CATEGORIES } from '../../../../shared/directory';
import { governmentServiceSchema, type GovernmentService } from '../../../../shared/schemas/resources';
import '../../../errors';
import { NO_SOURCE, type IncomingEntry, type ReadOptions, type RejectedEntry } from './incoming-entry';
import type { HsdsRow } from './tables';
import { checkReviewDate, compact, type DataSet, isHttps, readPhone, reasonsOf } from './data-set';

/** "Australia", "NSW", or "Sydney, NSW", as serviceAreaName writes them. */
function readServiceArea(name: string): GovernmentService['location'] | undefined {
  if (name.trim().toLowerCase() === 'australia') return { state: 'national' };
  const match = /^(?:(.+), )?([A-Z]{2,3})$/.exec(name.trim());
  const state = AUS_STATES.find((code) => code === match?.[2]);
  if (!match || !state) return undefined;
  return match[1] ? { state, city: match[1] } : { state };
}

export function readGovernmentService(
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
