import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { australianToday, monthsBefore } from '../../../shared/australian-date';
import type {
  AdminDirectoryEntry,
  AdminDirectoryReportsResponse,
  AdminDirectoryResponse,
} from '../../../shared/schemas/directory';
import type {
  GovernmentService,
  LocalResourcesResponse,
  Organisation,
} from '../../../shared/schemas/resources';
import { directoryReports, organisations } from '../../db/schema';
import { syncHelpContent, type PlacedOrganisation } from '../../db/seed/help-content';
import { findLocality } from '../../lib/postcodes';
import { ADMIN_LIMITS } from '../../../shared/schemas/admin';
import { everyPage } from '../../test/helpers';
import type { adminApi } from '../admin/admin.test-helpers';
import { FOREIGN_CURSOR, useAdminApp } from '../admin/admin.test-helpers';
import { DIRECTORY_REPORT_LIMIT } from '../../lib/rate-limits';

const today = australianToday();
const longAgo = monthsBefore(today, 30);
const lastYear = monthsBefore(today, 13);
/** The content's review date of most entries: older than an admin's check last month. */
const checked = monthsBefore(today, 2);

function organisation(id: string, overrides: Partial<Organisation> = {}): PlacedOrganisation {
  const base: Organisation = {
    id,
    name: `Org ${id}`,
    category: 'community',
    description: { en: `${id} helps.`, vi: `${id} giúp đỡ.` },
    address: '1 Example Street',
    suburb: 'Footscray',
    state: 'VIC',
    postcode: '3011',
    phone: '03 9000 0000',
    services: [{ en: 'Advice', vi: 'Tư vấn' }],
    supportedLanguages: ['Vietnamese'],
    source: 'https://www.example.org.au/',
    lastReviewed: checked,
    ...overrides,
  };
  const place = findLocality(base.suburb, base.postcode)!;
  return { ...base, lat: place.lat, lng: place.lng };
}

const service: GovernmentService = {
  id: 'vic-helpline',
  title: { en: 'Victorian Helpline', vi: 'Đường dây trợ giúp Victoria' },
  description: { en: 'Help by phone.', vi: 'Trợ giúp qua điện thoại.' },
  category: 'healthcare',
  department: 'Department of Health',
  eligibility: [],
  contactInfo: { phone: '1300 000 000', website: 'https://www.health.vic.gov.au/' },
  languages: ['English'],
  location: { state: 'VIC' },
  source: 'https://www.health.vic.gov.au/',
  lastUpdated: lastYear,
};

const CONTENT = {
  services: [service],
  organisations: [
    organisation('footscray-hub'),
    organisation('old-clinic', { name: 'Old Clinic', category: 'healthcare', lastReviewed: longAgo }),
    organisation('sydney-legal', {
      name: 'Sydney Legal',
      category: 'legal',
      suburb: 'Sydney',
      postcode: '2000',
      state: 'NSW',
    }),
  ],
};

const strip = ({ lat: _lat, lng: _lng, ...rest }: PlacedOrganisation): Organisation => rest;

describe('the directory, curated by admins', () => {
  const { t, api, admin, alice } = useAdminApp();
  beforeAll(async () => {
    await syncHelpContent(t.db, CONTENT);
  });
  const send = (...args: Parameters<ReturnType<typeof adminApi>['send']>) => api().send(...args);
  const list = async (params: string) => {
    const response = await send('GET', `/api/admin/directory?${params}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminDirectoryResponse>();
  };
  const ids = (response: AdminDirectoryResponse) => response.entries.map((e) => e.id);
  const readerPhones = async () => {
    const response = await t.app.inject({ url: '/api/resources?state=VIC' });
    return new Map(response.json<LocalResourcesResponse>().resources.map((r) => [r.id, r.phone]));
  };

  it('is for admins only, checked in every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/directory'],
      ['GET', '/api/admin/directory/organisation/footscray-hub'],
      ['POST', '/api/admin/directory/organisation'],
      ['PUT', '/api/admin/directory/organisation/footscray-hub'],
      ['PATCH', '/api/admin/directory/organisation/footscray-hub/archive'],
      ['GET', '/api/admin/directory-reports'],
    ] as const) {
      expect((await send(method, url)).statusCode, url).toBe(401);
      expect((await send(method, url, alice, method === 'GET' ? undefined : {})).statusCode, url).toBe(403);
    }
  });

  it('lists entries with filters by state, category, status and a search', async () => {
    // By state, then name.
    expect(ids(await list('type=organisation'))).toEqual(['sydney-legal', 'old-clinic', 'footscray-hub']);
    expect(ids(await list('state=VIC'))).toEqual(['old-clinic', 'footscray-hub']);
    expect(ids(await list('category=legal'))).toEqual(['sydney-legal']);
    expect(ids(await list('q=old'))).toEqual(['old-clinic']);
    const review = await list('status=needs-review');
    expect(ids(review)).toEqual(['old-clinic']);
    expect(review.entries[0]).toMatchObject({
      needsReview: true,
      archived: false,
      edited: false,
      place: 'Footscray',
    });
    const services = await list('type=government&status=needs-review');
    expect(ids(services)).toEqual(['vic-helpline']);
    expect((await send('GET', '/api/admin/directory?status=sometimes', admin)).statusCode).toBe(400);
  });

  it('counts what needs review on the dashboard', async () => {
    const stats = await api().stats(admin);
    expect(stats.directoryNeedsReview).toBe(2);
  });

  it('edits an entry: the reader sees it at once, the log has it, and seeding keeps it', async () => {
    const lastMonth = monthsBefore(today, 1);
    const entry = { ...strip(CONTENT.organisations[0]!), phone: '03 9111 2222', lastReviewed: lastMonth };
    const saved = await send('PUT', '/api/admin/directory/organisation/footscray-hub', admin, { entry });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<AdminDirectoryEntry>()).toMatchObject({ editedBy: 'Ada Admin', archived: false });
    expect((await readerPhones()).get('footscray-hub')).toBe('03 9111 2222');
    const [logged] = (await api().audit(admin)).entries;
    expect(logged).toMatchObject({ action: 'directory.update', targetId: 'footscray-hub' });

    // The content files still say the old number with an older review: the admin's change stays.
    await syncHelpContent(t.db, CONTENT);
    expect((await readerPhones()).get('footscray-hub')).toBe('03 9111 2222');
    // Content reviewed later than the admin's change replaces it, and the entry follows the files again.
    const newer = organisation('footscray-hub', { phone: '03 9333 4444', lastReviewed: today });
    await syncHelpContent(t.db, { ...CONTENT, organisations: [newer, ...CONTENT.organisations.slice(1)] });
    expect((await readerPhones()).get('footscray-hub')).toBe('03 9333 4444');
    const [row] = await t.db.select().from(organisations).where(eq(organisations.id, 'footscray-hub'));
    expect(row?.editedAt).toBeNull();
    await syncHelpContent(t.db, CONTENT);
  });

  it('refuses bad input with the rule broken, in the caller’s language, and changes nothing', async () => {
    const entry = strip(CONTENT.organisations[1]!);
    const put = (body: unknown, headers: Record<string, string> = {}) =>
      send('PUT', '/api/admin/directory/organisation/old-clinic', admin, body, headers);
    const badPhone = await put({ entry: { ...entry, phone: 'call us' } }, { 'accept-language': 'vi' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error).toBe(
      'Hãy viết số điện thoại chỉ bằng chữ số và khoảng trắng, ví dụ 1800 737 732.',
    );
    const cases: [unknown, string][] = [
      [{ entry: { ...entry, source: 'http://example.org' } }, 'Web addresses must start with https://'],
      [{ entry: { ...entry, description: { en: 'x', vi: '' } } }, 'Please fill in every required field.'],
      [{ entry: { ...entry, lastReviewed: '2999-01-01' } }, 'The review date cannot be in the future.'],
      [
        { entry: { ...entry, suburb: 'Parramatta' } },
        'This suburb is not in that postcode and state. Please check all three.',
      ],
      [{ entry: { ...entry, id: 'another-id' } }, 'The short name of an entry cannot be changed.'],
      [
        { entry: { ...entry, services: Array(9).fill({ en: 'a', vi: 'b' }) } },
        'Please list at most 8 services.',
      ],
    ];
    for (const [body, error] of cases) {
      const answer = await put(body);
      expect(answer.statusCode, error).toBe(400);
      expect(answer.json().error).toBe(error);
    }
    const unknown = await send('PUT', '/api/admin/directory/organisation/nobody-here', admin, {
      entry: { ...entry, id: 'nobody-here' },
    });
    expect(unknown.statusCode).toBe(404);
    const [row] = await t.db.select().from(organisations).where(eq(organisations.id, 'old-clinic'));
    expect(row?.data).toEqual(entry);
  });

  it('adds an entry, refuses the same short name twice, and seeding never removes it', async () => {
    const entry = strip(organisation('new-centre', { name: 'New Centre', lastReviewed: today }));
    const created = await send('POST', '/api/admin/directory/organisation', admin, { entry });
    expect(created.statusCode).toBe(201);
    expect((await send('POST', '/api/admin/directory/organisation', admin, { entry })).statusCode).toBe(409);
    await syncHelpContent(t.db, CONTENT);
    expect((await readerPhones()).has('new-centre')).toBe(true);
    const [logged] = (await api().audit(admin)).entries;
    expect(logged).toMatchObject({
      action: 'directory.create',
      targetId: 'new-centre',
      targetLabel: 'New Centre',
    });
  });

  it('archives an entry (hidden from readers and Chloe’s sources, kept) and restores it', async () => {
    const archive = (archived: boolean) =>
      send('PATCH', '/api/admin/directory/government/vic-helpline/archive', admin, { archived });
    const governmentIds = async () =>
      (await t.app.inject({ url: '/api/government/resources?state=VIC' }))
        .json<{ resources: { id: string }[] }>()
        .resources.map((r) => r.id);
    expect(await governmentIds()).toContain('vic-helpline');
    expect((await archive(true)).json<AdminDirectoryEntry>().archived).toBe(true);
    expect(await governmentIds()).not.toContain('vic-helpline');
    expect(ids(await list('type=government&status=archived'))).toEqual(['vic-helpline']);
    // Seeding keeps it archived.
    await syncHelpContent(t.db, CONTENT);
    expect(await governmentIds()).not.toContain('vic-helpline');
    expect((await archive(false)).json<AdminDirectoryEntry>().archived).toBe(false);
    expect(await governmentIds()).toContain('vic-helpline');
    const actions = (await api().audit(admin)).entries.slice(0, 2).map((e) => e.action);
    expect(actions).toEqual(['directory.restore', 'directory.archive']);
  });
});

describe('reports of outdated information', () => {
  const { t, api, admin, alice } = useAdminApp();
  beforeAll(async () => {
    await syncHelpContent(t.db, CONTENT);
  });
  const send = (...args: Parameters<ReturnType<typeof adminApi>['send']>) => api().send(...args);
  const report = (
    type: string,
    id: string,
    body: unknown,
    headers: Record<string, string> = {},
    from = '203.0.113.7',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/directory/${type}/${id}/reports`,
      payload: body as object,
      headers,
      remoteAddress: from,
    });
  const queue = async (status = 'open') =>
    (
      await send('GET', `/api/admin/directory-reports?status=${status}`, admin)
    ).json<AdminDirectoryReportsResponse>();

  it('takes a report from a visitor and lands it in the queue with the entry beside it', async () => {
    const first = await report('organisation', 'footscray-hub', {
      problem: 'phone',
      note: 'The number is now 03 9555 6666',
    });
    expect(first.statusCode).toBe(201);
    expect((await report('organisation', 'footscray-hub', { problem: 'hours' })).statusCode).toBe(201);
    const { reports } = await queue();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      type: 'organisation',
      entryId: 'footscray-hub',
      reportCount: 2,
      notes: ['The number is now 03 9555 6666'],
      entry: { name: 'Org footscray-hub', phone: '03 9000 0000', archived: false },
    });
    expect(reports[0]!.problems).toEqual(
      expect.arrayContaining([
        { problem: 'phone', count: 1 },
        { problem: 'hours', count: 1 },
      ]),
    );
    expect((await api().stats(admin)).outdatedReports).toBe(1);
  });

  it('refuses a report without a problem, too long a note, and unknown entries', async () => {
    const none = await report('organisation', 'footscray-hub', {}, { 'accept-language': 'vi' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('Vui lòng chọn điều gì chưa đúng.');
    const long = await report('organisation', 'footscray-hub', { problem: 'other', note: 'x'.repeat(501) });
    expect(long.json().error).toBe('Please keep your note under 500 characters.');
    expect((await report('organisation', 'no-such-place', { problem: 'closed' })).statusCode).toBe(404);
    expect((await report('library', 'footscray-hub', { problem: 'closed' })).statusCode).toBe(400);
  });

  it('limits reports per caller', async () => {
    const from = '198.51.100.9';
    for (let i = 0; i < DIRECTORY_REPORT_LIMIT.max; i += 1)
      expect((await report('government', 'vic-helpline', { problem: 'other' }, {}, from)).statusCode).toBe(
        201,
      );
    const refused = await report('government', 'vic-helpline', { problem: 'other' }, {}, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/You have sent many reports/);
  });

  it('an admin corrects the reported phone number from the queue: the card shows it and the reports close', async () => {
    const [item] = (await queue()).reports.filter((r) => r.entryId === 'footscray-hub');
    const editor = await send('GET', `/api/admin/directory/${item!.type}/${item!.entryId}`, admin);
    const { entry } = editor.json<AdminDirectoryEntry & { type: 'organisation' }>();
    const saved = await send('PUT', '/api/admin/directory/organisation/footscray-hub', admin, {
      entry: { ...entry, phone: '03 9555 6666', lastReviewed: today },
      resolveReports: true,
    });
    expect(saved.statusCode).toBe(200);
    const card = (await t.app.inject({ url: '/api/resources?state=VIC' }))
      .json<LocalResourcesResponse>()
      .resources.find((r) => r.id === 'footscray-hub');
    expect(card?.phone).toBe('03 9555 6666');
    expect((await queue()).reports.map((r) => r.entryId)).toEqual(['vic-helpline']);
    expect((await queue('resolved')).reports.map((r) => r.entryId)).toEqual(['footscray-hub']);
    const [logged] = (await api().audit(admin)).entries;
    expect(logged).toMatchObject({
      action: 'directory.update',
      detail: `reviewed ${today}; 2 report(s) resolved`,
    });
  });

  it('dismisses the reports on an entry once; a decided report cannot decide again', async () => {
    const [item] = (await queue()).reports;
    const decide = () =>
      send('PATCH', `/api/admin/directory-reports/${item!.id}`, admin, { action: 'dismiss' });
    expect((await decide()).statusCode).toBe(200);
    expect((await decide()).statusCode).toBe(409);
    expect((await queue()).reports).toEqual([]);
    // "Mark fixed" from the queue, as the other way to settle them.
    expect((await report('organisation', 'sydney-legal', { problem: 'website' })).statusCode).toBe(201);
    const [fresh] = (await queue()).reports;
    const fixed = await send('PATCH', `/api/admin/directory-reports/${fresh!.id}`, admin, {
      action: 'resolve',
    });
    expect(fixed.statusCode).toBe(200);
    expect((await api().audit(admin)).entries[0]).toMatchObject({
      action: 'directory-report.resolve',
      targetId: 'sydney-legal',
    });
    expect((await queue('dismissed')).reports[0]).toMatchObject({ entryId: 'vic-helpline', reportCount: 10 });
    expect(
      (await send('PATCH', `/api/admin/directory-reports/${item!.id}`, alice, { action: 'dismiss' }))
        .statusCode,
    ).toBe(403);
  });

  it('takes no report on an archived entry', async () => {
    await send('PATCH', '/api/admin/directory/organisation/old-clinic/archive', admin, { archived: true });
    expect((await report('organisation', 'old-clinic', { problem: 'closed' })).statusCode).toBe(404);
  });
});

describe('paging the directory and its reports by their cursor', () => {
  const { t, api, admin } = useAdminApp();
  const size = ADMIN_LIMITS.pageSize;
  const two = (n: number) => String(n).padStart(2, '0');
  // 30 organisations in two states, 28 due for review on one day, ten of one name: the id decides among those.
  const places = [
    { suburb: 'Footscray', postcode: '3011', state: 'VIC' as const },
    { suburb: 'Sydney', postcode: '2000', state: 'NSW' as const },
  ];
  const orgs = Array.from({ length: 30 }, (_, i) =>
    organisation(`paged-${two(i)}`, {
      name: i % 3 === 0 ? 'Same Name' : `Org ${two(30 - i)}`,
      ...places[i % 2]!,
      lastReviewed: i < 28 ? longAgo : checked,
    }),
  );
  // 27 services, nine of them national (listed after the states'), all of one title in English.
  const services = Array.from({ length: 27 }, (_, i): GovernmentService => ({
    ...service,
    id: `svc-${two(i)}`,
    title: { en: 'Same Helpline', vi: `Đường dây ${two(27 - i)}` },
    location: { state: i % 3 === 0 ? 'national' : i % 3 === 1 ? 'VIC' : 'NSW' },
  }));
  beforeAll(async () => {
    await syncHelpContent(t.db, { services, organisations: orgs });
  });
  const walk = (path: string, headers: Record<string, string> = {}) =>
    everyPage(async (cursor) => {
      const url = cursor ? `${path}&cursor=${cursor}` : path;
      const response = await api().send('GET', url, admin, undefined, headers);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AdminDirectoryResponse>();
    });
  const ids = (pages: AdminDirectoryResponse[]) => pages.flatMap((page) => page.entries.map((e) => e.id));
  /** The list's order: national last, then state, name and id. */
  const byPlace = (a: { state: string; name: string; id: string }, b: typeof a) =>
    Number(a.state === 'national') - Number(b.state === 'national') ||
    (a.state < b.state ? -1 : a.state > b.state ? 1 : 0) ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
    (a.id < b.id ? -1 : 1);

  it('walks entries in the list’s order, each once, across pages, those of one name too', async () => {
    const pages = await walk('/api/admin/directory?type=organisation&status=all');
    expect(pages.map((page) => page.entries.length)).toEqual([size, 30 - size]);
    expect(pages.map((page) => page.total)).toEqual([30, 30]);
    expect(pages[0]).not.toHaveProperty('page');
    const expected = orgs.map((o) => ({ state: o.state, name: o.name, id: o.id })).sort(byPlace);
    expect(ids(pages)).toEqual(expected.map((o) => o.id));
  });

  it('walks the entries due for review oldest review first, the filters kept on every page', async () => {
    const pages = await walk('/api/admin/directory?type=organisation&status=needs-review');
    expect(pages.map((page) => page.total)).toEqual([28, 28]);
    const listed = pages.flatMap((page) => page.entries);
    expect(listed.every((entry) => entry.needsReview)).toBe(true);
    const expected = orgs
      .filter((o) => o.lastReviewed === longAgo)
      .map((o) => ({ state: o.state, name: o.name, id: o.id }))
      .sort(byPlace);
    expect(listed.map((entry) => entry.id)).toEqual(expected.map((o) => o.id));
    const vic = await walk('/api/admin/directory?type=organisation&status=needs-review&state=VIC');
    expect(vic).toHaveLength(1);
    expect(vic[0]!.entries.every((entry) => entry.state === 'VIC')).toBe(true);
  });

  it('walks services, national ones last, by their names in the caller’s language', async () => {
    const english = await walk('/api/admin/directory?type=government&status=all');
    expect(english.map((page) => page.entries.length)).toEqual([size, 27 - size]);
    const byName = (title: 'en' | 'vi') =>
      services
        .map((s) => ({ state: s.location.state, name: s.title[title], id: s.id }))
        .sort(byPlace)
        .map((s) => s.id);
    expect(ids(english)).toEqual(byName('en'));
    const vietnamese = await walk('/api/admin/directory?type=government&status=all', {
      'accept-language': 'vi',
    });
    expect(ids(vietnamese)).toEqual(byName('vi'));
  });

  it('walks the reports’ queue, newest first, each entry once, entries reported at one instant too', async () => {
    const instant = new Date(Date.now() - 60 * 60_000);
    await t.db.insert(directoryReports).values(
      orgs.map((o, i) => ({
        entryType: 'organisation' as const,
        entryId: o.id,
        problem: 'phone' as const,
        createdAt: i < 3 ? new Date(instant.getTime() + i * 60_000) : instant,
      })),
    );
    const pages = await everyPage(async (cursor) => {
      const query = cursor ? `status=open&cursor=${cursor}` : 'status=open';
      return (
        await api().send('GET', `/api/admin/directory-reports?${query}`, admin)
      ).json<AdminDirectoryReportsResponse>();
    });
    expect(pages.map((page) => page.reports.length)).toEqual([size, 30 - size]);
    expect(pages.map((page) => page.total)).toEqual([30, 30]);
    const expected = await t.db.execute<{ entry_id: string }>(sql`
      select entry_id from directory_reports where status = 'open' group by entry_type, entry_id
      order by max(created_at) desc, (array_agg(id order by created_at desc, id))[1] desc`);
    expect(pages.flatMap((page) => page.reports.map((r) => r.entryId))).toEqual(
      expected.rows.map((row) => row.entry_id),
    );
    const dismissed = await api().send('GET', '/api/admin/directory-reports?status=dismissed', admin);
    expect(dismissed.json()).toEqual({ reports: [], nextCursor: null, total: 0 });
  });

  it('refuses a cursor it did not make with 400', async () => {
    for (const url of [
      `/api/admin/directory?cursor=${FOREIGN_CURSOR}`,
      `/api/admin/directory-reports?cursor=${FOREIGN_CURSOR}`,
      '/api/admin/directory?cursor=%3Cscript%3E',
    ]) {
      const response = await api().send('GET', url, admin);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        error: 'This page of results is no longer available. Please reload.',
        code: 'VALIDATION',
      });
    }
  });
});
