/** The directory editor (every field of an entry), its list and readers' reports: the answer is never a 5xx. */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { AUS_STATES, GOVERNMENT_CATEGORIES, LOCAL_CATEGORIES } from '../shared/schemas/resources';
import { loadHelpContent } from './db/seed/help-content';
import {
  anyParam,
  anything,
  encodedAny,
  lineOk,
  oneFieldOff,
  piece,
  validParam,
  withQuery,
} from './inputs.arbitraries.test-helpers';
import { FEW_RUNS, json, TIMEOUT, useInputsApp } from './inputs.test-helpers';
import { bearer } from './test/helpers';

const { send, admin } = useInputsApp();

const content = loadHelpContent();
const { lat: _lat, lng: _lng, ...organisation } = content.organisations[0]!;
const service = content.services[0]!;

/** The value with a few pieces of anything put in it: valid but for what it hides, so it reaches the service. */
const spiked = (value: string) =>
  fc.tuple(fc.string({ unit: piece, minLength: 1, maxLength: 3 }), fc.nat()).map(([inserted, at]) => {
    const i = at % (value.length + 1);
    return `${value.slice(0, i)}${inserted}${value.slice(i)}`;
  });
/** A text field: its value with something hidden in it, or anything at all. */
const text = (value: string, max: number) => fc.oneof(spiked(value), anything(max));
const bilingual = (value: { en: string; vi: string } | undefined, max: number) =>
  fc.oneof(
    fc.record({ en: text(value?.en ?? 'Help', max), vi: text(value?.vi ?? 'Giúp đỡ', max) }),
    anything(max),
  );
const bilingualList = (values: { en: string; vi: string }[], max: number) =>
  fc.oneof(fc.array(bilingual(values[0], max), { maxLength: 10 }), anything());
const languages = fc.oneof(
  fc.array(
    fc.oneof(fc.constantFrom('Vietnamese', 'English'), text('Vietnamese', 40), bilingual(undefined, 300)),
    { maxLength: 5 },
  ),
  anything(),
);
const website = text('https://www.example.org.au/help', 500);
/** An id no entry has: `save` adds an entry with one by POST, and puts any other to the base entry. */
const freshId = fc.uuid().map((id) => `fuzz-${id.slice(0, 8)}`);

/** Saves the entry, by POST (a new id) or PUT (its own), and reads it back when it was saved. */
async function save(type: 'organisation' | 'government', ownId: string, body: Record<string, unknown>) {
  const entry = body.entry as { id?: unknown };
  const create = typeof entry?.id === 'string' && entry.id.startsWith('fuzz-');
  const headers = { ...json, ...bearer(admin.token) };
  const response = await send({
    method: create ? 'POST' : 'PUT',
    url: create ? `/api/admin/directory/${type}` : `/api/admin/directory/${type}/${ownId}`,
    headers,
    payload: body,
  });
  if (response.statusCode < 300) {
    const id = create ? (entry.id as string) : ownId;
    await send({ method: 'GET', url: `/api/admin/directory/${type}/${id}`, headers: bearer(admin.token) });
  }
}

describe('the directory editor', () => {
  it(
    'POST and PUT /api/admin/directory/organisation: every field of an organisation',
    async () => {
      const entry = oneFieldOff(
        fc.record({
          ...Object.fromEntries(
            Object.entries(organisation).map(([key, value]) => [key, fc.constant(value)]),
          ),
          id: fc.oneof(fc.constant(organisation.id), freshId),
          name: fc.oneof(fc.constant(organisation.name), lineOk(40)),
        }),
        {
          id: fc.oneof(anything(80), freshId),
          name: text(organisation.name, 200),
          category: fc.oneof(anything(), fc.constantFrom(...LOCAL_CATEGORIES)),
          description: bilingual(organisation.description, 2_000),
          address: text(organisation.address, 200),
          suburb: text(organisation.suburb, 100),
          state: fc.oneof(anything(), fc.constantFrom(...AUS_STATES)),
          postcode: text(organisation.postcode, 4),
          phone: text(organisation.phone ?? '02 9000 0000', 20),
          website,
          hours: bilingual(organisation.hours, 300),
          services: bilingualList(organisation.services, 300),
          supportedLanguages: languages,
          languagesSource: website,
          source: website,
          lastReviewed: text(organisation.lastReviewed, 10),
        },
      );
      const resolveReports = fc.oneof(
        { weight: 4, arbitrary: fc.boolean() },
        { weight: 1, arbitrary: anything() },
      );
      await fc.assert(
        fc.asyncProperty(entry, resolveReports, async (entry, resolveReports) => {
          await save('organisation', organisation.id, { entry, resolveReports });
        }),
        FEW_RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'POST and PUT /api/admin/directory/government: every field of a government service',
    async () => {
      const entry = oneFieldOff(
        fc.record({
          ...Object.fromEntries(Object.entries(service).map(([key, value]) => [key, fc.constant(value)])),
          id: fc.oneof(fc.constant(service.id), freshId),
          department: fc.oneof(fc.constant(service.department), lineOk(40)),
        }),
        {
          id: fc.oneof(anything(80), freshId),
          title: bilingual(service.title, 200),
          description: bilingual(service.description, 2_000),
          category: fc.oneof(anything(), fc.constantFrom(...GOVERNMENT_CATEGORIES)),
          department: text(service.department, 200),
          eligibility: bilingualList(service.eligibility, 300),
          contactInfo: fc.oneof(
            fc.record(
              { phone: text('1800 000 000', 20), email: text('help@example.gov.au', 254), website },
              { requiredKeys: [] },
            ),
            anything(),
          ),
          operatingHours: bilingual(service.operatingHours, 300),
          languages,
          languagesSource: website,
          location: fc.oneof(
            fc.record({
              state: fc.oneof(anything(), fc.constantFrom(...AUS_STATES)),
              city: text('Sydney', 100),
            }),
            anything(),
          ),
          source: website,
          lastUpdated: text(service.lastUpdated, 10),
        },
      );
      await fc.assert(
        fc.asyncProperty(entry, async (entry) => {
          await save('government', service.id, { entry });
        }),
        FEW_RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'GET /api/admin/directory: type, state, category, status, search and cursor',
    async () => {
      const query = oneFieldOff(
        fc.record({
          type: validParam(fc.constantFrom('organisation', 'government')),
          state: validParam(fc.constantFrom(...AUS_STATES, 'national')),
          status: validParam(fc.constantFrom('active', 'needs-review', 'archived', 'all')),
          q: validParam(fc.oneof(lineOk(20), fc.constantFrom('%', '_', '\\', 'legal'))),
        }),
        {
          type: anyParam(),
          state: anyParam(),
          category: anyParam(),
          status: anyParam(),
          q: anyParam(),
          cursor: anyParam(),
        },
      );
      await fc.assert(
        fc.asyncProperty(query, async (params) => {
          await send({
            method: 'GET',
            url: withQuery('/api/admin/directory', params),
            headers: bearer(admin.token),
          });
        }),
        FEW_RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'POST /api/directory/:type/:id/reports: any entry, problem and note, from any address',
    async () => {
      const target = fc.oneof(
        fc.constant(`organisation/${organisation.id}`),
        fc.constant(`government/${service.id}`),
        fc.tuple(encodedAny(40), encodedAny(100)).map(([type, id]) => `${type}/${id}`),
      );
      const body = oneFieldOff(
        fc.record({ problem: fc.constantFrom('phone', 'closed', 'other'), note: lineOk(100) }),
        { problem: anything(), note: fc.oneof(text('The number changed', 500), anything(500)) },
      );
      await fc.assert(
        fc.asyncProperty(target, body, fc.ipV4(), async (target, payload, remoteAddress) => {
          await send({
            method: 'POST',
            url: `/api/directory/${target}/reports`,
            headers: json,
            payload,
            remoteAddress,
          });
        }),
        FEW_RUNS,
      );
    },
    TIMEOUT,
  );
});
