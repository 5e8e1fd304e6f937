import { beforeAll, describe, expect, it } from 'vitest';
import {
  governmentResourcesResponseSchema,
  localGovernmentResponseSchema,
  type GovernmentResource,
  type GovernmentService,
} from '../../../shared/schemas/resources';
import { syncHelpContent } from '../../db/seed/help-content';
import { bearer, signUp, useTestApp, userWithRole } from '../../test/helpers';

type Overrides = Partial<Omit<GovernmentService, 'title'>> & { title?: string; titleVi?: string };

function service(id: string, overrides: Overrides = {}): GovernmentService {
  const { title = id, titleVi, ...rest } = overrides;
  return {
    id,
    title: { en: title, vi: titleVi ?? `${title} (vi)` },
    description: { en: `About ${title}.`, vi: `Về ${title}.` },
    category: 'benefits',
    department: 'Services Australia',
    eligibility: [],
    contactInfo: { website: 'https://www.servicesaustralia.gov.au/' },
    languages: ['English'],
    location: { state: 'national' },
    source: 'https://www.servicesaustralia.gov.au/',
    lastUpdated: '2026-11-23',
    ...rest,
  };
}

const SERVICES: GovernmentService[] = [
  service('medicare', {
    title: 'Medicare',
    category: 'healthcare',
    description: {
      en: 'Medicare helps pay for doctors and hospitals.',
      vi: 'Medicare giúp trả chi phí bác sĩ.',
    },
  }),
  service('centrelink', {
    title: 'Centrelink',
    description: { en: 'Payments and services.', vi: 'Trợ cấp.' },
  }),
  service('tis', {
    title: 'TIS National',
    titleVi: 'Dịch vụ Thông dịch (TIS National)',
    category: 'immigration',
    department: 'Department of Home Affairs',
    eligibility: [
      { en: 'People in Australia who need an interpreter', vi: 'Người ở Úc cần thông dịch viên' },
    ],
    contactInfo: { phone: '131 450', website: 'https://www.tisnational.gov.au/' },
    operatingHours: { en: '24 hours, every day', vi: '24 giờ, mỗi ngày' },
    languages: ['English', 'Vietnamese', { en: 'More than 150 languages', vi: 'Hơn 150 ngôn ngữ' }],
  }),
  service('nsw-fair-trading', {
    title: 'NSW Fair Trading',
    category: 'housing',
    department: 'NSW Government',
    description: { en: 'Renting rights and tenancy bonds.', vi: 'Quyền thuê nhà và tiền thế chân.' },
    location: { state: 'NSW' },
  }),
  service('nsw-legal-aid-parramatta', {
    title: 'Legal Aid NSW Parramatta',
    category: 'legal',
    department: 'Legal Aid NSW',
    location: { state: 'NSW', city: 'Parramatta' },
  }),
  service('nsw-legal-aid-newcastle', {
    title: 'Legal Aid NSW Newcastle',
    category: 'legal',
    department: 'Legal Aid NSW',
    location: { state: 'NSW', city: 'Newcastle' },
  }),
  service('vic-tenancy', {
    title: 'Consumer Affairs Victoria',
    category: 'housing',
    department: 'Victorian Government',
    description: { en: 'Renting rights and bonds.', vi: 'Quyền thuê nhà.' },
    location: { state: 'VIC' },
  }),
];

const titles = (body: { resources: GovernmentResource[] }) => body.resources.map((r) => r.title);

describe('government resources', () => {
  const t = useTestApp();
  beforeAll(async () => {
    await syncHelpContent(t.db, { services: SERVICES, organisations: [] });
  });

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ url, headers });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  it('lists every service by title when nothing is filtered, with "all" meaning no filter', async () => {
    const all = await get('/api/government/resources');
    expect(all.status).toBe(200);
    expect(titles(all.body)).toEqual([...SERVICES.map((s) => s.title.en)].sort());
    expect(all.headers['cache-control']).toBe('public, no-cache');
    expect(all.headers.vary).toContain('accept-language');
    expect((await get('/api/government/resources?category=all&state=all&keyword=')).body).toEqual(all.body);
  });

  it('filters by category', async () => {
    const { body } = await get('/api/government/resources?category=legal');
    expect(titles(body)).toEqual(['Legal Aid NSW Newcastle', 'Legal Aid NSW Parramatta']);
  });

  it('keeps a state’s services and the national ones, the state’s first', async () => {
    const { body } = await get('/api/government/resources?state=VIC');
    expect(titles(body)).toEqual(['Consumer Affairs Victoria', 'Centrelink', 'Medicare', 'TIS National']);
  });

  it('finds by keyword with stemming, typos and Vietnamese, the most relevant first', async () => {
    expect(titles((await get('/api/government/resources?keyword=medicar')).body)).toEqual(['Medicare']);
    expect(titles((await get('/api/government/resources?keyword=medicre')).body)).toEqual(['Medicare']);
    expect(titles((await get('/api/government/resources?keyword=doctors')).body)).toEqual(['Medicare']);
    const renting = titles((await get('/api/government/resources?keyword=renting')).body);
    expect(renting.sort()).toEqual(['Consumer Affairs Victoria', 'NSW Fair Trading']);
    expect(
      titles((await get(`/api/government/resources?keyword=${encodeURIComponent('thông dịch')}`)).body),
    ).toEqual(['TIS National']);
    const legal = await get('/api/government/resources?keyword=legal%20aid&state=NSW');
    expect(titles(legal.body)).toEqual(['Legal Aid NSW Newcastle', 'Legal Aid NSW Parramatta']);
  });

  it('treats a keyword as words, never as SQL or query syntax', async () => {
    for (const keyword of ["'; drop table government_services; --", '!!&|:*', '(((', '%']) {
      const response = await get(`/api/government/resources?keyword=${encodeURIComponent(keyword)}`);
      expect(response.status).toBe(200);
    }
    expect((await get('/api/government/resources')).body.resources).toHaveLength(SERVICES.length);
  });

  it('refuses unknown categories and states, and over-long keywords, in the caller’s language', async () => {
    expect((await get('/api/government/resources?category=visas')).status).toBe(400);
    const state = await get('/api/government/resources?state=XX');
    expect(state.status).toBe(400);
    expect(state.body.error).toBe('Please choose one of the states or territories.');
    const vi = await get('/api/government/resources?state=XX', { 'accept-language': 'vi' });
    expect(vi.body.error).toBe('Vui lòng chọn một bang hoặc vùng lãnh thổ.');
    expect((await get(`/api/government/resources?keyword=${'a'.repeat(201)}`)).status).toBe(400);
  });

  it('gives the spec’s fields, every text in the language asked for', async () => {
    const english = await get('/api/government/resources?keyword=TIS');
    expect(governmentResourcesResponseSchema.strict().safeParse(english.body).success).toBe(true);
    expect(english.body.resources).toEqual([
      {
        id: 'tis',
        title: 'TIS National',
        description: 'About TIS National.',
        category: 'immigration',
        department: 'Department of Home Affairs',
        eligibility: ['People in Australia who need an interpreter'],
        contactInfo: { phone: '131 450', website: 'https://www.tisnational.gov.au/' },
        operatingHours: '24 hours, every day',
        languages: ['English', 'Vietnamese', 'More than 150 languages'],
        location: { state: 'national' },
        lastUpdated: '2026-11-23',
        source: 'https://www.servicesaustralia.gov.au/',
        textLanguage: 'en',
      },
    ]);
    const vietnamese = {
      ...english.body.resources[0],
      title: 'Dịch vụ Thông dịch (TIS National)',
      textLanguage: 'vi',
    };
    Object.assign(vietnamese, {
      description: 'Về TIS National.',
      eligibility: ['Người ở Úc cần thông dịch viên'],
      operatingHours: '24 giờ, mỗi ngày',
      languages: ['Tiếng Anh', 'Tiếng Việt', 'Hơn 150 ngôn ngữ'],
    });
    expect(
      (await get('/api/government/resources?keyword=TIS', { 'accept-language': 'vi' })).body.resources,
    ).toEqual([vietnamese]);
    expect((await get('/api/government/resources?keyword=TIS&lang=vi')).body.resources).toEqual([vietnamese]);
    const local = await get('/api/government/local/2150?category=immigration&lang=vi');
    expect(localGovernmentResponseSchema.strict().safeParse(local.body).success).toBe(true);
    expect(local.body.resources).toEqual([vietnamese]);
    expect((await get('/api/government/resources?lang=fr')).status).toBe(400);
  });

  it('keeps a signed-in person’s answers, in their saved language, out of shared caches', async () => {
    const linh = await signUp(t.app, { locale: 'vi' });
    const answer = await get('/api/government/resources?keyword=TIS', { cookie: linh.cookie });
    expect(answer.body.resources[0].title).toBe('Dịch vụ Thông dịch (TIS National)');
    expect(answer.headers['cache-control']).toBe('private, no-cache');
  });

  describe('GET /api/government/local/:postcode', () => {
    it('answers the postcode’s state, the nearest city first, then the national services', async () => {
      const { status, body } = await get('/api/government/local/2150');
      expect(status).toBe(200);
      expect(body.place).toEqual({ postcode: '2150', locality: 'Parramatta', state: 'NSW' });
      // A service in a nearby city, then the statewide ones, then farther cities.
      expect(titles(body)).toEqual([
        'Legal Aid NSW Parramatta',
        'NSW Fair Trading',
        'Legal Aid NSW Newcastle',
        'Centrelink',
        'Medicare',
        'TIS National',
      ]);
      const newcastle = await get('/api/government/local/2300');
      expect(titles(newcastle.body).slice(0, 3)).toEqual([
        'Legal Aid NSW Newcastle',
        'NSW Fair Trading',
        'Legal Aid NSW Parramatta',
      ]);
    });

    it('filters by category', async () => {
      const { body } = await get('/api/government/local/3000?category=housing');
      expect(body.place).toMatchObject({ locality: 'Melbourne', state: 'VIC' });
      expect(titles(body)).toEqual(['Consumer Affairs Victoria']);
    });

    it('narrows by the words of the page’s one search form, nearest first, and refuses over-long ones', async () => {
      const { body } = await get('/api/government/local/2150?keyword=legal%20aid');
      expect(titles(body)).toEqual(['Legal Aid NSW Parramatta', 'Legal Aid NSW Newcastle']);
      expect(titles((await get('/api/government/local/3000?keyword=medicre')).body)).toEqual(['Medicare']);
      const long = await get(`/api/government/local/2150?keyword=${'a'.repeat(201)}`);
      expect(long.status).toBe(400);
    });

    it.each(['abcd', '0000', '12345', '215', '9999', "2150' or '1'='1", '2150;drop', '%20'])(
      'refuses %s with the spec’s message',
      async (postcode) => {
        const { status, body } = await get(`/api/government/local/${encodeURIComponent(postcode)}`);
        expect(status).toBe(400);
        expect(body.error).toBe('Enter a valid Australian postcode');
      },
    );

    it('says so in Vietnamese too', async () => {
      const { body } = await get('/api/government/local/0000', { 'accept-language': 'vi' });
      expect(body.error).toBe('Hãy nhập một mã bưu điện (postcode) hợp lệ của Úc');
    });
  });
});

describe('service notices', () => {
  const t = useTestApp();

  const put = (id: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/government/status/${id}`, payload, headers });

  it('lets an admin set and clear a notice that the status shows', async () => {
    const admin = await userWithRole(t.app, t.db, 'admin');
    const set = await put('immiaccount', { note: '  Maintenance on Saturday  ' }, bearer(admin.token));
    expect(set.statusCode).toBe(200);
    const status = await t.app.inject({ url: '/api/government/status' });
    const immi = status.json().services.find((s: { id: string }) => s.id === 'immiaccount');
    expect(immi.note).toBe('Maintenance on Saturday');
    expect(status.json().services.filter((s: { note?: string }) => s.note)).toHaveLength(1);

    expect((await put('immiaccount', { note: null }, bearer(admin.token))).statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/government/status' });
    expect(after.json().services.some((s: { note?: string }) => s.note)).toBe(false);
  });

  it('refuses everyone but admins, unknown services and bad notes', async () => {
    expect((await put('mygov', { note: 'x' })).statusCode).toBe(401);
    const mentor = await userWithRole(t.app, t.db, 'mentor');
    expect((await put('mygov', { note: 'x' }, bearer(mentor.token))).statusCode).toBe(403);
    const admin = await userWithRole(t.app, t.db, 'admin');
    expect((await put('not-a-service', { note: 'x' }, bearer(admin.token))).statusCode).toBe(404);
    expect((await put('mygov', { note: '   ' }, bearer(admin.token))).statusCode).toBe(400);
    expect((await put('mygov', { note: 'x'.repeat(301) }, bearer(admin.token))).statusCode).toBe(400);
    expect((await put('mygov', {}, bearer(admin.token))).statusCode).toBe(400);
  });
});
