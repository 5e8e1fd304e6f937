/**
 * The directory editor: NUL, lone surrogates, controls, invisible and text-direction characters in any field are
 * refused with a 400 in the app's error shape (the house's message for texts), never a 500.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pagesEn } from '../shared/i18n/pages.en';
import { pagesVi } from '../shared/i18n/pages.vi';
import type { Organisation } from '../shared/schemas/resources';
import { governmentServices, organisations } from './db/schema';
import { writeOrganisation } from './modules/directory/entries';
import { ORGANISATION, SERVICE } from './security.directory.test-helpers';
import { userWithRole, useTestApp, type SignedUp } from './test/helpers';

/**
 * Every field of the editor's two forms, by its path in the entry. Texts and web addresses answer the house's
 * message on hidden characters; the coded fields (ids, choices, numbers, dates) their own rule's message.
 */
const FIELDS = {
  organisation: {
    entry: ORGANISATION,
    texts: [
      'name',
      'description.en',
      'description.vi',
      'address',
      'suburb',
      'website',
      'hours.en',
      'hours.vi',
      'services.0.en',
      'services.0.vi',
      'supportedLanguages.1.en',
      'supportedLanguages.1.vi',
      'languagesSource',
      'source',
    ],
    coded: ['id', 'category', 'state', 'postcode', 'phone', 'supportedLanguages.0', 'lastReviewed'],
  },
  government: {
    entry: SERVICE,
    texts: [
      'title.en',
      'title.vi',
      'description.en',
      'description.vi',
      'department',
      'eligibility.0.en',
      'eligibility.0.vi',
      'contactInfo.website',
      'operatingHours.en',
      'operatingHours.vi',
      'languages.1.en',
      'languages.1.vi',
      'languagesSource',
      'location.city',
      'source',
    ],
    coded: [
      'id',
      'category',
      'contactInfo.phone',
      'contactInfo.email',
      'languages.0',
      'location.state',
      'lastUpdated',
    ],
  },
} as const;
type EntryType = keyof typeof FIELDS;
const FORMS = Object.entries(FIELDS) as [EntryType, (typeof FIELDS)[EntryType]][];

/** The entry with `inserted` in the middle of the field at `at` (a path such as "services.0.en"). */
function withInserted<T extends object>(entry: T, at: string, inserted: string): T {
  const copy = structuredClone(entry) as Record<string, unknown>;
  const keys = at.split('.');
  let parent = copy;
  for (const key of keys.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  const value = parent[last] as string;
  const middle = Math.ceil(value.length / 2);
  parent[last] = `${value.slice(0, middle)}${inserted}${value.slice(middle)}`;
  return copy as T;
}

const errorBody = z.strictObject({ error: z.string().min(1), code: z.string().min(1) });
const NOT_ALLOWED_EN = pagesEn.validation.controlCharacters;
const NOT_ALLOWED_VI = pagesVi.validation.controlCharacters;

describe('the directory editor', () => {
  const t = useTestApp();
  let admin: SignedUp;
  beforeAll(async () => {
    admin = await userWithRole(t.app, t.db, 'admin');
  });
  const save = (type: EntryType, entry: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/directory/${type}`,
      headers: { cookie: admin.cookie, ...headers },
      payload: { entry },
    });
  const stored = async () => [
    ...(await t.db.select().from(organisations).where(eq(organisations.id, ORGANISATION.id))),
    ...(await t.db.select().from(governmentServices).where(eq(governmentServices.id, SERVICE.id))),
  ];

  it('answers 400 { error, code }, never 500, to NUL or a lone surrogate in any field', async () => {
    let cases = 0;
    for (const [type, { entry, texts, coded }] of FORMS) {
      for (const field of [...texts, ...coded]) {
        for (const [label, value] of [
          ['NUL', '\u0000'],
          ['a lone surrogate', '\uD800'],
        ] as const) {
          const response = await save(type, withInserted(entry, field, value));
          const what = `${type} ${field} with ${label}: ${response.body}`;
          expect(response.statusCode, what).toBe(400);
          expect(errorBody.safeParse(response.json()).success, what).toBe(true);
          if ((texts as readonly string[]).includes(field))
            expect(response.json().error, what).toBe(NOT_ALLOWED_EN);
          cases += 1;
        }
      }
    }
    expect(cases).toBeGreaterThanOrEqual(40);
    expect(await stored()).toEqual([]);
  });

  it('refuses control, invisible and text-direction characters in every text, in the caller’s language', async () => {
    const hidden = ['\u202E', '\u202A', '\u2066', '\u2069', '\u200B', '\u061C', '\u001B', '\u0007', '\u0085'];
    for (const [type, { entry, texts }] of FORMS) {
      for (const field of texts) {
        for (const character of hidden) {
          const response = await save(type, withInserted(entry, field, character));
          const what = `${type} ${field} with ${JSON.stringify(character)}: ${response.body}`;
          expect(response.statusCode, what).toBe(400);
          expect(response.json(), what).toEqual({ error: NOT_ALLOWED_EN, code: 'VALIDATION' });
        }
      }
    }
    const vietnamese = await save('organisation', withInserted(ORGANISATION, 'name', '\u202E'), {
      'accept-language': 'vi',
    });
    expect(vietnamese.json().error).toBe(NOT_ALLOWED_VI);
    // A line break belongs in a description, not in a name.
    const broken = await save('organisation', withInserted(ORGANISATION, 'name', '\n'));
    expect(broken.json().error).toBe(NOT_ALLOWED_EN);
    expect(await stored()).toEqual([]);

    const kept = {
      ...ORGANISATION,
      description: { en: 'First line.\nSecond\tline.', vi: 'Dòng một.\nDòng hai.' },
    };
    expect((await save('organisation', kept)).statusCode).toBe(201);
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/directory/organisation/${ORGANISATION.id}/reports`,
      payload: { problem: 'phone', note: 'Call \u202E0000 9000 30' },
    });
    expect(report.statusCode).toBe(400);
    expect(report.json().error).toBe(NOT_ALLOWED_EN);
  });

  it('still opens an entry stored with such a character, and names the rule when it is saved', async () => {
    const stale: Organisation = { ...ORGANISATION, id: 'hidden-test-stale', name: 'Stale\u00AD Centre' };
    await writeOrganisation(t.db, stale, { editedBy: null });
    const opened = await t.app.inject({
      url: `/api/admin/directory/organisation/${stale.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().entry.name).toBe(stale.name);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/directory/organisation/${stale.id}`,
      headers: { cookie: admin.cookie },
      payload: { entry: stale },
    });
    expect(saved.json()).toEqual({ error: NOT_ALLOWED_EN, code: 'VALIDATION' });
  });
});
