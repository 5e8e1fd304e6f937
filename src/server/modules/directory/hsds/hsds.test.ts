import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GovernmentService, Organisation } from '../../../../shared/schemas/resources';
import { governmentServices, organisations } from '../../../db/schema';
import { loadHelpContent, syncHelpContent, type HelpContent } from '../../../db/seed/help-content';
import { writeGovernmentService, writeOrganisation } from '../entries';
import { useTestApp, type TestContext } from '../../../test/helpers';
import { CsvError, formatCsv, parseCsv } from './csv';
import { exportPath, HSDS_3_0, hsdsResource, type HsdsTableName } from './datapackage';
import { EXPORTED_TABLES, exportHsds, type HsdsFile } from './export';
import { hsdsIds, slugify, uuidV5, UUID_PATTERN } from './ids';
import { readHsdsFolder, type HsdsFiles } from './folder';
import { importHsds, loadHsds, type ImportReport } from './import';
import { detailTermId } from './vocabulary';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
/** A clock after every review date these tests write, so none of them is "in the future". */
const LATER = new Date('2027-06-01T00:00:00Z');

const filesOf = (files: HsdsFile[]): HsdsFiles => new Map(files.map((file) => [file.path, file.content]));

/** Edits the rows of one CSV file of a data set, by column name; `edit` changes a row in place. */
function editRows(files: HsdsFiles, file: string, edit: (row: Record<string, string>) => void): HsdsFiles {
  const [header, ...rows] = parseCsv(files.get(file)!).map((record) => record.cells);
  const edited = rows.map((cells) => {
    const row = Object.fromEntries(header!.map((column, index) => [column, cells[index] ?? '']));
    edit(row);
    return header!.map((column) => row[column]!);
  });
  return new Map(files).set(file, formatCsv([header!, ...edited]));
}

/** The rows of one table of a data set, by column name. */
function rowsOf(files: HsdsFiles, table: HsdsTableName): Record<string, string>[] {
  const [header, ...body] = parseCsv(files.get(exportPath(hsdsResource(table)))!).map(
    (record) => record.cells,
  );
  return body.map((cells) => Object.fromEntries(header!.map((column, index) => [column, cells[index]!])));
}

async function directoryTables(t: TestContext) {
  return {
    organisations: await t.db.select().from(organisations).orderBy(asc(organisations.id)),
    services: await t.db.select().from(governmentServices).orderBy(asc(governmentServices.id)),
  };
}

const changes = (report: ImportReport) => ({
  added: report.added.map((change) => change.id),
  updated: report.updated.map((change) => change.id),
  skipped: report.skipped.map((change) => change.id),
  rejectedRows: report.rejectedRows,
  rejectedEntries: report.rejectedEntries,
});

const NOTHING = { added: [], updated: [], skipped: [], rejectedRows: [], rejectedEntries: [] };

async function seed(t: TestContext): Promise<HelpContent> {
  const content = loadHelpContent();
  await syncHelpContent(t.db, content);
  return content;
}

describe('ids and CSV', () => {
  it('makes name-based UUIDs as RFC 9562 version 5 does', () => {
    // The example of Python's uuid module: uuid5(NAMESPACE_DNS, 'python.org').
    expect(uuidV5('python.org', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '886313e1-3b8a-5372-9b90-0c9aee199e5d',
    );
    expect(uuidV5('organisation/asrc-footscray')).toBe(uuidV5('organisation/asrc-footscray'));
    expect(uuidV5('organisation/asrc-footscray')).toMatch(UUID_PATTERN);
  });

  it('makes ids from names as our content writes them', () => {
    expect(slugify('Hội Người Việt – Đồng Nai (Footscray)')).toBe('hoi-nguoi-viet-dong-nai-footscray');
    expect(slugify('  !!  ')).toBe('');
    expect(slugify('a'.repeat(50) + ' ' + 'b'.repeat(50))).toBe('a'.repeat(50));
  });

  it('writes and reads quotes, commas and line breaks', () => {
    const records = [
      ['id', 'text'],
      ['1', 'He said "hi", then\nleft'],
      ['2', ' padded '],
    ];
    expect(parseCsv(formatCsv(records)).map((record) => record.cells)).toEqual(records);
    expect(parseCsv('\uFEFFa,b\n1,2\n\n3,4').map((record) => record.line)).toEqual([1, 2, 4]);
    expect(() => parseCsv('a,b\n"1,2\n')).toThrow(CsvError);
  });

  it('writes a value a spreadsheet would run as a formula behind a quote, and reads it back as it was', () => {
    const values = [
      '=HYPERLINK("https://evil.example","x")',
      '+61 3 9000 0000',
      '-2+3',
      '@SUM(A1)',
      '\tx',
      '\rx',
      "'=1",
      "'plain",
      '-37.8136',
      '+5',
      'plain',
    ];
    const text = formatCsv([values]);
    expect(text).toBe(
      `"'=HYPERLINK(""https://evil.example"",""x"")",'+61 3 9000 0000,'-2+3,'@SUM(A1),'\tx,"'\rx",''=1,'plain,-37.8136,+5,plain\r\n`,
    );
    expect(parseCsv(text)[0]!.cells).toEqual(values);
    const cell = fc.string({
      unit: fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', '\n', '"', ',', ' ', '1', '.', 'a'),
    });
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 4 }), (cells) => {
        expect(parseCsv(formatCsv([['id', ...cells]]))[0]!.cells).toEqual(['id', ...cells]);
      }),
    );
  });
});

describe('npm run directory -- export --format hsds', () => {
  const t = useTestApp();
  let content: HelpContent;
  let files: HsdsFiles;
  const archivedOrganisation = () => content.organisations[1]!.id;
  const archivedService = () => content.services[1]!.id;

  beforeAll(async () => {
    content = await seed(t);
    await t.db
      .update(organisations)
      .set({ archivedAt: new Date() })
      .where(eq(organisations.id, archivedOrganisation()));
    await t.db
      .update(governmentServices)
      .set({ archivedAt: new Date() })
      .where(eq(governmentServices.id, archivedService()));
    files = filesOf(await exportHsds(t.db));
  });

  const rows = (table: HsdsTableName) => rowsOf(files, table);

  it('writes datapackage.json and one CSV per table, every column of HSDS 3.0 in its order', () => {
    const descriptor = JSON.parse(files.get('datapackage.json')!) as {
      profile: string;
      resources: { name: string; path: string; schema: unknown }[];
    };
    expect(descriptor.profile).toBe('tabular-data-package');
    expect(descriptor.resources.map((resource) => resource.name)).toEqual(EXPORTED_TABLES);
    expect([...files.keys()].sort()).toEqual(
      ['datapackage.json', ...descriptor.resources.map((resource) => resource.path)].sort(),
    );
    for (const resource of descriptor.resources) {
      const vendored = HSDS_3_0.resources.find((candidate) => candidate.name === resource.name)!;
      expect(resource.schema).toEqual(vendored.schema);
      const header = parseCsv(files.get(resource.path)!)[0]!.cells;
      expect(header).toEqual(vendored.schema.fields.map((field) => field.name));
    }
    expect(files.has('addresses.csv')).toBe(true);
  });

  it('validates against the HSDS 3.0 data package: required fields, types, formats, keys', () => {
    const loaded = loadHsds(files);
    expect(loaded.rejectedRows).toEqual([]);
    expect(loaded.notes).toEqual([]);

    // And again by hand, independently of the importer's checks.
    const ids = new Map<string, Set<string>>();
    for (const name of EXPORTED_TABLES) ids.set(name, new Set(rows(name).map((row) => row.id!)));
    for (const name of EXPORTED_TABLES) {
      const resource = hsdsResource(name);
      for (const row of rows(name)) {
        expect(row.id, `${name} id`).toMatch(UUID_PATTERN);
        for (const field of resource.schema.fields) {
          const value = row[field.name]!;
          if (field.constraints.required) expect(value, `${name}.${field.name}`).not.toBe('');
          if (value === '') continue;
          if (field.type === 'number')
            expect(Number.isFinite(Number(value)), `${name}.${field.name}`).toBe(true);
          if (field.type === 'date') expect(value, `${name}.${field.name}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          if (field.format === 'uri') expect(() => new URL(value), `${name}.${field.name}`).not.toThrow();
          if (field.format === 'email')
            expect(value, `${name}.${field.name}`).toMatch(/^[^@\s]+@[^@\s]+\.[^@\s]+$/);
          if (field.constraints.enum)
            expect(field.constraints.enum, `${name}.${field.name}`).toContain(value);
        }
        for (const key of resource.schema.foreignKeys ?? []) {
          const value = row[key.fields]!;
          if (value) expect(ids.get(key.reference.resource)?.has(value), `${name}.${key.fields}`).toBe(true);
        }
      }
      expect(ids.get(name)!.size, `${name} ids are unique`).toBe(rows(name).length);
    }
  });

  it('exports every entry that is not archived, each with our id, English in HSDS fields, Vietnamese beside', () => {
    const directoryIds = rows('attribute')
      .filter((row) => row.taxonomy_term_id === detailTermId('directoryId'))
      .map((row) => row.value);
    const expected = [
      ...content.organisations
        .filter((o) => o.id !== archivedOrganisation())
        .map((o) => `organisation/${o.id}`),
      ...content.services.filter((s) => s.id !== archivedService()).map((s) => `government/${s.id}`),
    ];
    expect(directoryIds.sort()).toEqual(expected.sort());

    const organisation = content.organisations.find((o) => o.id !== archivedOrganisation() && o.phone)!;
    const organization = rows('organization').find(
      (row) => row.id === hsdsIds.organisation(organisation.id),
    )!;
    expect(organization).toMatchObject({ name: organisation.name, description: organisation.description.en });
    const viDescription = rows('attribute').find(
      (row) => row.link_id === organization.id && row.taxonomy_term_id === detailTermId('viDescription'),
    );
    expect(viDescription?.value).toBe(organisation.description.vi);
    const location = rows('location').find((row) => row.organization_id === organization.id)!;
    expect(rows('address').find((row) => row.location_id === location.id)).toMatchObject({
      address_1: organisation.address,
      city: organisation.suburb,
      state_province: organisation.state,
      postal_code: organisation.postcode,
      country: 'AU',
      address_type: 'physical',
    });
    expect(rows('phone').find((row) => row.organization_id === organization.id)?.number).toBe(
      organisation.phone,
    );
    expect(
      rows('service').find((row) => row.id === hsdsIds.organisationService(organisation.id)),
    ).toMatchObject({
      assured_date: organisation.lastReviewed,
      status: 'active',
    });

    const service = content.services.find((s) => s.id !== archivedService())!;
    const hsdsService = rows('service').find((row) => row.id === hsdsIds.government(service.id))!;
    expect(hsdsService).toMatchObject({ name: service.title.en, assured_date: service.lastUpdated });
    expect(rows('organization').find((row) => row.id === hsdsService.organization_id)?.name).toBe(
      service.department,
    );

    // Languages spoken are named (with their ISO 639 code); notes such as "Interpreter on request" are notes.
    const withNote = content.organisations.find(
      (o) =>
        o.id !== archivedOrganisation() && o.supportedLanguages?.some((entry) => typeof entry !== 'string'),
    )!;
    const languages = rows('language').filter(
      (row) => row.service_id === hsdsIds.organisationService(withNote.id),
    );
    expect(languages.map((row) => row.name || `note: ${row.note}`)).toEqual(
      withNote.supportedLanguages!.map((entry) => (typeof entry === 'string' ? entry : `note: ${entry.en}`)),
    );
    expect(rows('language').find((row) => row.name === 'English')?.code).toBe('en');
    expect(rows('language').find((row) => row.name === 'Vietnamese')?.code).toBe('vi');
  });
});

describe('npm run directory -- import: our own export', () => {
  const t = useTestApp();
  let content: HelpContent;
  let exported: HsdsFiles;
  beforeAll(async () => {
    content = await seed(t);
    exported = filesOf(await exportHsds(t.db));
  });

  it('export then import changes nothing: the dry run finds no change, and the import leaves the tables as they were', async () => {
    const before = await directoryTables(t);
    const dryRun = await importHsds(t.db, exported, { dryRun: true });
    expect(changes(dryRun)).toEqual(NOTHING);
    expect(dryRun.unchanged).toHaveLength(content.organisations.length + content.services.length);
    expect(dryRun.written).toBe(false);

    const real = await importHsds(t.db, exported, { dryRun: false });
    expect(changes(real)).toEqual(NOTHING);
    expect(real.written).toBe(true);
    expect(await directoryTables(t)).toEqual(before);
  });

  it('skips an incoming entry whose review is older or of the same day, and takes a newer one', async () => {
    const organisation = content.organisations[0]!;
    const changed = (assured: string) =>
      editRows(
        editRows(exported, 'organizations.csv', (row) => {
          if (row.id === hsdsIds.organisation(organisation.id)) row.description = 'Changed by a partner.';
        }),
        'services.csv',
        (row) => {
          if (row.id === hsdsIds.organisationService(organisation.id)) row.assured_date = assured;
        },
      );
    const before = await directoryTables(t);

    const older = await importHsds(t.db, changed('2020-01-01'), { dryRun: false, now: LATER });
    expect(older.skipped).toEqual([
      expect.objectContaining({
        id: organisation.id,
        fields: ['description', 'lastReviewed'],
        theirs: '2020-01-01',
        ours: organisation.lastReviewed,
      }),
    ]);
    expect(changes(older)).toMatchObject({ added: [], updated: [] });
    const sameDay = await importHsds(t.db, changed(organisation.lastReviewed), { dryRun: false, now: LATER });
    expect(sameDay.skipped.map((change) => change.fields)).toEqual([['description']]);
    expect(sameDay.updated).toEqual([]);
    expect(await directoryTables(t)).toEqual(before);

    const newer = await importHsds(t.db, changed('2027-05-01'), { dryRun: true, now: LATER });
    expect(changes(newer)).toEqual({ ...NOTHING, updated: [organisation.id] });
    expect(newer.updated[0]!.fields).toEqual(['description', 'lastReviewed']);
    expect(await directoryTables(t)).toEqual(before);

    await importHsds(t.db, changed('2027-05-01'), { dryRun: false, now: LATER });
    const [row] = await t.db.select().from(organisations).where(eq(organisations.id, organisation.id));
    expect(row!.data).toEqual({
      ...(before.organisations.find((o) => o.id === organisation.id)!.data as Organisation),
      description: { en: 'Changed by a partner.', vi: organisation.description.vi },
      lastReviewed: '2027-05-01',
    });
    expect(row!.editedAt).toBeInstanceOf(Date);
    expect(row!.editedBy).toBeNull();

    // Our review is now the newer one: the original export no longer replaces it.
    const stale = await importHsds(t.db, exported, { dryRun: false, now: LATER });
    expect(changes(stale)).toEqual({ ...NOTHING, skipped: [organisation.id] });
    const [kept] = await t.db.select().from(organisations).where(eq(organisations.id, organisation.id));
    expect((kept!.data as Organisation).description.en).toBe('Changed by a partner.');
  });

  it('takes a newer government service with its Vietnamese text, department and place', async () => {
    const service = content.services.find((s) => s.location.state !== 'national')!;
    const serviceId = hsdsIds.government(service.id);
    let files = editRows(exported, 'services.csv', (row) => {
      if (row.id === serviceId) row.assured_date = '2027-05-02';
    });
    files = editRows(files, 'attributes.csv', (row) => {
      if (row.link_id === serviceId && row.taxonomy_term_id === detailTermId('viName')) row.value = 'Tên mới';
    });
    files = editRows(files, 'service_areas.csv', (row) => {
      if (row.service_id === serviceId) row.name = `Darwin, NT`;
    });
    const report = await importHsds(t.db, files, { dryRun: false, now: LATER });
    // (The organisation changed above is skipped: its review is now newer than the export's.)
    expect(changes(report)).toMatchObject({
      added: [],
      updated: [service.id],
      rejectedRows: [],
      rejectedEntries: [],
    });
    const [row] = await t.db.select().from(governmentServices).where(eq(governmentServices.id, service.id));
    expect(row!.data).toEqual({
      ...service,
      title: { en: service.title.en, vi: 'Tên mới' },
      location: { state: 'NT', city: 'Darwin' },
      lastUpdated: '2027-05-02',
    } satisfies GovernmentService);
    expect(row!.titleVi).toBe('Tên mới');
    expect(row!.state).toBe('NT');
  });

  it('rejects bad rows and entries with their reasons, and writes nothing of them', async () => {
    const [first, second, third] = content.organisations
      .filter((o) => o.website && o.id !== content.organisations[0]!.id)
      .slice(0, 3);
    let files = editRows(exported, 'addresses.csv', (row) => {
      if (row.location_id === uuidV5(`${hsdsIds.organisationService(first!.id)}/location`))
        row.postal_code = 'ABCD';
    });
    files = editRows(files, 'services.csv', (row) => {
      if (row.id === hsdsIds.organisationService(second!.id)) row.assured_date = '2027-13-45';
      if (row.id === hsdsIds.organisationService(third!.id)) row.assured_date = '2030-01-01';
    });
    const before = await directoryTables(t);
    const report = await importHsds(t.db, files, { dryRun: false });

    expect(report.rejectedRows).toContainEqual({
      file: 'services.csv',
      line: expect.any(Number),
      message: 'assured_date is not a date (YYYY-MM-DD)',
    });
    const reasons = (name: string) =>
      report.rejectedEntries.find((entry) => entry.from.startsWith(`organization "${name}"`))?.reasons;
    expect(reasons(first!.name)).toEqual(['postcode: Enter a valid Australian postcode']);
    expect(reasons(second!.name)).toEqual(['it has no review date (assured_date of its services)']);
    expect(reasons(third!.name)).toEqual(['its review date 2030-01-01 is in the future']);
    expect(report.added).toEqual([]);
    expect(report.updated).toEqual([]);
    expect(await directoryTables(t)).toEqual(before);
  });
  it('keeps an archived entry archived when a newer review of it comes in', async () => {
    const organisation = content.organisations.at(-1)!;
    await t.db
      .update(organisations)
      .set({ archivedAt: new Date() })
      .where(eq(organisations.id, organisation.id));
    const files = editRows(exported, 'services.csv', (row) => {
      if (row.id === hsdsIds.organisationService(organisation.id)) row.assured_date = '2027-05-03';
    });
    const report = await importHsds(t.db, files, { dryRun: false, now: LATER });
    expect(report.updated.find((change) => change.id === organisation.id)).toMatchObject({
      fields: ['lastReviewed'],
      archived: true,
    });
    const [row] = await t.db.select().from(organisations).where(eq(organisations.id, organisation.id));
    expect(row!.archivedAt).toBeInstanceOf(Date);
    expect((row!.data as Organisation).lastReviewed).toBe('2027-05-03');
  });

  it('keeps values a spreadsheet would run as formulas inert in the files, and imports them back unchanged', async () => {
    const { lat: _lat, lng: _lng, ...base } = content.organisations[2]!;
    const organisation: Organisation = {
      ...base,
      id: 'formula-centre',
      name: '=HYPERLINK("https://evil.example","Formula Centre")',
      description: { en: '-2+3 kinds of help', vi: '@SUM(A1) giúp đỡ' },
      phone: '+61 3 9000 0000',
      services: [{ en: '+ Advice', vi: '- Tư vấn' }],
    };
    const service: GovernmentService = {
      ...content.services[0]!,
      id: 'formula-line',
      title: { en: '-Help line', vi: '=Đường dây trợ giúp' },
      department: '@Department of Formulas',
      contactInfo: { phone: '+61 2 6000 0000' },
    };
    await writeOrganisation(t.db, organisation, { editedBy: null });
    await writeGovernmentService(t.db, service, { editedBy: null });
    const files = filesOf(await exportHsds(t.db));

    const organizations = files.get('organizations.csv')!;
    expect(organizations).toContain(`"'=HYPERLINK(""https://evil.example"",""Formula Centre"")"`);
    expect(organizations).toContain(`,'-2+3 kinds of help,`);
    expect(organizations).toContain(`,'@Department of Formulas,`);
    expect(files.get('phones.csv')).toContain(`,'+61 3 9000 0000,`);
    expect(files.get('services.csv')).toContain(`,'-Help line,`);
    expect(files.get('attributes.csv')).toContain(`,'@SUM(A1) giúp đỡ\r\n`);
    // Numbers stay numbers: a spreadsheet runs nothing in them, and HSDS readers need them as they are.
    const location = rowsOf(files, 'location').find((row) => row.name === organisation.name)!;
    expect(location.latitude).toMatch(/^-\d+(\.\d+)?$/);
    expect(files.get('locations.csv')).toContain(`,${location.latitude},`);

    const before = await directoryTables(t);
    const dryRun = await importHsds(t.db, files, { dryRun: true, now: LATER });
    expect(changes(dryRun)).toEqual(NOTHING);
    expect(dryRun.unchanged.map((change) => change.id)).toEqual(
      expect.arrayContaining(['formula-centre', 'formula-line']),
    );
    const real = await importHsds(t.db, files, { dryRun: false, now: LATER });
    expect(changes(real)).toEqual(NOTHING);
    expect(await directoryTables(t)).toEqual(before);
    const [row] = await t.db.select().from(organisations).where(eq(organisations.id, 'formula-centre'));
    expect(row!.data).toEqual(organisation);
  });
});

describe('npm run directory -- import: other data sets', () => {
  const t = useTestApp();

  it('imports a partner’s organisations as new entries, and says what it left out and why', async () => {
    const files = await readHsdsFolder(path.join(FIXTURES, 'partner'));
    const report = await importHsds(t.db, files, { dryRun: true, now: LATER });
    expect(report.read.find((entry) => entry.table === 'address')?.file).toBe('addresss.csv');
    expect(report.rejectedRows).toEqual([
      {
        file: 'services.csv',
        line: 4,
        message: 'status is not one of: active, inactive, defunct, temporarily closed',
      },
      { file: 'phones.csv', line: 3, message: 'number is required' },
      {
        file: 'schedules.csv',
        line: 3,
        message: 'opens_at is not a time (HH:MM, or HH:MM:SS); closes_at is not a time (HH:MM, or HH:MM:SS)',
      },
      {
        file: 'languages.csv',
        line: 6,
        message:
          'service_id 2b000000-0000-4000-8000-0000000000ff is not the id of a valid row of services.csv',
      },
    ]);
    expect(report.rejectedEntries).toEqual([
      {
        from: 'organization "Wrong Place Family Support" (organizations.csv line 3)',
        reasons: ['Melbourne NSW 2000 is not a locality of that postcode and state'],
      },
      {
        from: 'organization "Unreviewed Youth Service" (organizations.csv line 4)',
        reasons: ['it has no review date (assured_date of its services)'],
      },
    ]);
    expect(report.added.map((change) => [change.id, change.notes])).toEqual([
      ['example-settlement-hub', []],
      [
        'harbour-legal-clinic',
        [
          'phone "+44 20 7946 0000" is not an Australian number we can read: left out',
          'website http://harbour-legal.example.org.au is not https: left out',
        ],
      ],
    ]);

    const written = await importHsds(t.db, files, { dryRun: false, now: LATER });
    expect(written.added).toHaveLength(2);
    const rows = await t.db.select().from(organisations).orderBy(asc(organisations.id));
    expect(rows.map((row) => row.data)).toEqual([
      {
        id: 'example-settlement-hub',
        name: 'Example Settlement Hub',
        category: 'immigration',
        description: {
          en: 'Casework and classes for people who have just arrived in Australia, in the west of Melbourne.',
          vi: 'Casework and classes for people who have just arrived in Australia, in the west of Melbourne.',
        },
        address: '12 Example Street',
        suburb: 'Footscray',
        state: 'VIC',
        postcode: '3011',
        phone: '03 9123 4567',
        website: 'https://settlement-hub.example.org.au',
        hours: {
          en: 'Monday, Tuesday, Wednesday: 09:00–17:00',
          vi: 'Monday, Tuesday, Wednesday: 09:00–17:00',
        },
        services: [
          { en: 'Settlement casework', vi: 'Settlement casework' },
          { en: 'English conversation class', vi: 'English conversation class' },
        ],
        supportedLanguages: [
          'Vietnamese',
          'Dari',
          'Arabic',
          { en: 'Hokkien', vi: 'Hokkien' },
          { en: 'Free interpreter on request', vi: 'Free interpreter on request' },
        ],
        source: 'https://settlement-hub.example.org.au',
        lastReviewed: '2026-11-01',
      },
      {
        id: 'harbour-legal-clinic',
        name: 'Harbour Legal Clinic',
        category: 'legal',
        description: {
          en: 'Free legal advice about renting and work.',
          vi: 'Free legal advice about renting and work.',
        },
        address: '200 George Street',
        suburb: 'Sydney',
        state: 'NSW',
        postcode: '2000',
        services: [{ en: 'Tenancy advice', vi: 'Tenancy advice' }],
        source: 'https://directory.partner.example.org.au/',
        lastReviewed: '2026-11-10',
      },
    ] satisfies Organisation[]);
    expect(rows.every((row) => row.editedAt !== null && row.editedBy === null)).toBe(true);
    expect(rows.map((row) => [row.state, row.postcode])).toEqual([
      ['VIC', '3011'],
      ['NSW', '2000'],
    ]);

    const again = await importHsds(t.db, files, { dryRun: true, now: LATER });
    expect(again.unchanged.map((change) => change.id)).toEqual([
      'example-settlement-hub',
      'harbour-legal-clinic',
    ]);
    expect(again.added).toEqual([]);
  });

  it('reads the example data set of the HSDS 3.0 specification, and says why nothing of it fits', async () => {
    const files = await readHsdsFolder(path.join(FIXTURES, 'spec-example'));
    const count = async () =>
      (await t.db.select({ count: sql<number>`count(*)::int` }).from(organisations))[0]!.count;
    const before = await count();
    const report = await importHsds(t.db, files, { dryRun: false });
    expect(report.read.map((entry) => entry.table).sort()).toEqual(
      [
        'address',
        'attribute',
        'contact',
        'language',
        'location',
        'organization',
        'organization_identifier',
        'phone',
        'program',
        'schedule',
        'service',
        'service_area',
        'service_at_location',
        'taxonomy_term',
      ].sort(),
    );
    expect(report.notes).toContain(
      'services.csv: columns not in HSDS 3.0 were ignored: wait_time, fees, licenses, last_modified',
    );
    const rejected = (file: string) => report.rejectedRows.filter((issue) => issue.file === file);
    expect(rejected('locations.csv')).toEqual([
      {
        file: 'locations.csv',
        line: 2,
        message:
          'organization_id 985e4a42-bd9f-4edc-911d-0243a4640aca is not the id of a valid row of organizations.csv',
      },
    ]);
    expect(rejected('schedules.csv')[0]!.message).toContain(
      'wkst is not one of: MON, TUE, WED, THU, FRI, SAT, SUN',
    );
    expect(rejected('taxonomy_terms.csv')[0]!.message).toContain('the data set has no taxonomy table');
    // The organisation, its program, service and identifier are valid HSDS; its location is not, and it is American.
    expect(report.rejectedRows.map((issue) => issue.file)).not.toContain('organizations.csv');
    expect(report.rejectedRows.map((issue) => issue.file)).not.toContain('services.csv');
    expect(report.rejectedEntries).toEqual([
      {
        from: 'organization "Example Organization Inc." (organizations.csv line 2)',
        reasons: ['it has no physical address (an address of type "physical" at one of its locations)'],
      },
    ]);
    expect(report.added).toEqual([]);
    expect(await count()).toBe(before);
  });

  it('refuses a --source that is not https, and a folder that is not there', async () => {
    await expect(importHsds(t.db, new Map(), { dryRun: true, source: 'http://example.org' })).rejects.toThrow(
      '--source must be an https address',
    );
    await expect(readHsdsFolder(path.join(FIXTURES, 'missing'))).rejects.toThrow('is not a folder');
  });
});

describe('GET /api/resources/export/hsds', () => {
  const t = useTestApp();
  beforeAll(async () => {
    await seed(t);
  });

  it('answers the same files as a zip, public and cacheable, as a download', async () => {
    const response = await t.app.inject({ url: '/api/resources/export/hsds' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="mentor-me-directory-hsds-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const unzipped = unzipSync(new Uint8Array(response.rawPayload));
    const files = filesOf(await exportHsds(t.db));
    expect(Object.keys(unzipped).sort()).toEqual([...files.keys()].sort());
    for (const [name, bytes] of Object.entries(unzipped))
      expect(strFromU8(bytes), name).toBe(files.get(name));
  });
});
