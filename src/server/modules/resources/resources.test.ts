import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../../db/schema';
import {
  localResourcesResponseSchema,
  RESOURCE_PAGE_SIZE,
  type LocalResourcesResponse,
  type Organisation,
} from '../../../shared/schemas/resources';
import { syncHelpContent, type PlacedOrganisation } from '../../db/seed/help-content';
import { signUp, useTestApp } from '../../test/helpers';
import { findLocality } from '../../lib/postcodes';

function organisation(
  id: string,
  place: { suburb: string; postcode: string; state: Organisation['state'] },
  category: Organisation['category'],
): PlacedOrganisation {
  const locality = findLocality(place.suburb, place.postcode)!;
  return {
    id,
    name: id,
    category,
    description: { en: `${id} helps.`, vi: `${id} giúp đỡ.` },
    address: '1 Example Street',
    ...place,
    services: [{ en: 'Advice', vi: 'Tư vấn' }],
    supportedLanguages: [
      'English',
      'Vietnamese',
      { en: 'Free interpreter on request', vi: 'Có thông dịch viên miễn phí khi yêu cầu' },
    ],
    source: 'https://www.example.org.au/',
    lastReviewed: '2026-11-20',
    lat: locality.lat,
    lng: locality.lng,
  };
}

const ORGANISATIONS = [
  organisation('sydney-community', { suburb: 'Sydney', postcode: '2000', state: 'NSW' }, 'community'),
  organisation('haymarket-health', { suburb: 'Haymarket', postcode: '2000', state: 'NSW' }, 'healthcare'),
  organisation('parramatta-legal', { suburb: 'Parramatta', postcode: '2150', state: 'NSW' }, 'legal'),
  organisation('newcastle-housing', { suburb: 'Newcastle', postcode: '2300', state: 'NSW' }, 'housing'),
  organisation(
    'wollongong-employment',
    { suburb: 'Wollongong', postcode: '2500', state: 'NSW' },
    'employment',
  ),
  organisation('broken-hill-legal', { suburb: 'Broken Hill', postcode: '2880', state: 'NSW' }, 'legal'),
  organisation(
    'melbourne-immigration',
    { suburb: 'Melbourne', postcode: '3000', state: 'VIC' },
    'immigration',
  ),
  organisation('footscray-education', { suburb: 'Footscray', postcode: '3011', state: 'VIC' }, 'education'),
];

const SYDNEY = 'lat=-33.8688&lng=151.2093';
const MELBOURNE = 'lat=-37.8136&lng=144.9631';

describe('GET /api/resources', () => {
  const t = useTestApp();
  beforeAll(async () => {
    await syncHelpContent(t.db, { services: [], organisations: ORGANISATIONS });
  });

  const get = async (query: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ url: `/api/resources?${query}`, headers });
    return { status: response.statusCode, body: response.json<LocalResourcesResponse>() };
  };
  const names = (body: LocalResourcesResponse) => body.resources.map((r) => r.id);

  it('lists what is within 10 km of a position, nearest first, with the locality it is near', async () => {
    const { status, body } = await get(SYDNEY);
    expect(status).toBe(200);
    expect(body.place).toMatchObject({ state: 'NSW' });
    expect(body.requestedRadiusKm).toBe(10);
    expect(body.radiusKm).toBe(10);
    expect(names(body).sort()).toEqual(['haymarket-health', 'sydney-community']);
    const distances = body.resources.map((r) => r.distance!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.every((km) => km >= 0 && km < 10 && Math.round(km * 10) === km * 10)).toBe(true);
    expect(body.total).toBe(2);
    // Each chip counts what choosing it shows: legal is 25 km away, housing only elsewhere in the state.
    expect(body.counts).toEqual({
      all: 2,
      community: 1,
      healthcare: 1,
      legal: 1,
      housing: 1,
      employment: 1,
      immigration: 0,
      education: 0,
    });
  });

  it('finds Melbourne’s organisations from Melbourne coordinates, and not Sydney’s', async () => {
    const { body } = await get(MELBOURNE);
    expect(body.place).toMatchObject({ state: 'VIC' });
    expect(names(body)).toEqual(['melbourne-immigration', 'footscray-education']);
    expect(body.resources[0]!.distance).toBeLessThan(2);
    expect(body.resources[1]!.distance).toBeGreaterThan(5);
  });

  it('widens the radius when nothing of the category is near, and says how far it went', async () => {
    const legal = await get(`${SYDNEY}&category=legal`);
    expect(legal.body.radiusKm).toBe(25);
    expect(names(legal.body)).toEqual(['parramatta-legal']);
    expect(legal.body.counts).toMatchObject({ all: 2, legal: 1, community: 1, healthcare: 1 });

    const employment = await get(`${SYDNEY}&category=employment`);
    expect(employment.body.radiusKm).toBe(100);
    expect(names(employment.body)).toEqual(['wollongong-employment']);
  });

  it('falls back to the whole state, then to nothing, when even 100 km is empty', async () => {
    const brokenHill = await get(`postcode=2880&category=legal`);
    expect(brokenHill.body.place).toMatchObject({ locality: 'Broken Hill', state: 'NSW' });
    expect(names(brokenHill.body)).toEqual(['broken-hill-legal']);
    expect(brokenHill.body.radiusKm).toBe(10);

    const housing = await get(`${SYDNEY}&category=housing`);
    expect(housing.body.radiusKm).toBeNull();
    expect(names(housing.body)).toEqual(['newcastle-housing']);
    expect(housing.body.counts).toMatchObject({ all: 2, housing: 1 });

    const nothing = await get(`${MELBOURNE}&category=housing`);
    expect(nothing.body.radiusKm).toBeNull();
    expect(nothing.body.resources).toEqual([]);
    expect(nothing.body.counts).toMatchObject({ all: 2, housing: 0 });
  });

  it('searches from a postcode, and honours a wider radius asked for', async () => {
    const { body } = await get('postcode=2150&radius=25');
    expect(body.place).toEqual({ postcode: '2150', locality: 'Parramatta', state: 'NSW' });
    expect(body.radiusKm).toBe(25);
    expect(names(body)[0]).toBe('parramatta-legal');
    expect(names(body)).toHaveLength(3);
  });

  it('answers far from Australia with no place and nothing near', async () => {
    const { status, body } = await get('lat=0&lng=0');
    expect(status).toBe(200);
    expect(body.place).toBeNull();
    expect(body.resources).toEqual([]);
  });

  it.each([
    ['lat=-33.8', 'This location is not valid.'],
    ['lat=abc&lng=151', 'This location is not valid.'],
    ['lat=-91&lng=151', 'This location is not valid.'],
    ['lat=-33&lng=181', 'This location is not valid.'],
    ['postcode=0000', 'Enter a valid Australian postcode'],
    ['postcode=abcd', 'Enter a valid Australian postcode'],
    ['postcode=12345', 'Enter a valid Australian postcode'],
    [`postcode=${encodeURIComponent("2000' or 1=1 --")}`, 'Enter a valid Australian postcode'],
    [`${SYDNEY}&radius=0`, 'The distance must be between 1 and 100 km.'],
    [`${SYDNEY}&radius=500`, 'The distance must be between 1 and 100 km.'],
    [`${SYDNEY}&category=shopping`, 'Please choose one of the categories.'],
    ['state=Queensland', 'Please choose one of the states or territories.'],
    ['page=0', 'Invalid input data'],
    [`${SYDNEY}&lang=fr`, 'Please choose one of the languages we offer, by its code (for example en).'],
  ])('refuses "%s" with 400: %s', async (query, message) => {
    const { status, body } = await get(query);
    expect(status).toBe(400);
    expect((body as unknown as { error: string }).error).toBe(message);
  });

  it('answers in Vietnamese to a Vietnamese browser', async () => {
    const { body } = await get('postcode=0000', { 'accept-language': 'vi-VN,vi;q=0.9' });
    expect((body as unknown as { error: string }).error).toBe(
      'Hãy nhập một mã bưu điện (postcode) hợp lệ của Úc',
    );
  });

  it('gives the spec’s fields, in English by default', async () => {
    const { body } = await get('postcode=2150&category=legal');
    expect(localResourcesResponseSchema.strict().safeParse(body).success).toBe(true);
    expect(body.resources[0]).toEqual({
      id: 'parramatta-legal',
      name: 'parramatta-legal',
      category: 'legal',
      description: 'parramatta-legal helps.',
      address: '1 Example Street, Parramatta NSW 2150',
      phone: null,
      website: null,
      hours: null,
      distance: expect.any(Number),
      services: ['Advice'],
      supportedLanguages: ['English', 'Vietnamese', 'Free interpreter on request'],
      spokenLanguages: ['English', 'Vietnamese'],
      interpreterNotes: ['Free interpreter on request'],
      suburb: 'Parramatta',
      state: 'NSW',
      postcode: '2150',
      source: 'https://www.example.org.au/',
      lastReviewed: '2026-11-20',
      textLanguage: 'en',
    });
    expect(body.resources[0]).not.toHaveProperty('rating');
  });

  it('writes every text in the language asked for: lang, then Accept-Language, then the person’s own', async () => {
    const texts = (body: LocalResourcesResponse) => {
      const [first] = body.resources;
      return [first?.description, first?.services[0], first?.supportedLanguages.join(', ')];
    };
    const vietnamese = [
      'parramatta-legal giúp đỡ.',
      'Tư vấn',
      'Tiếng Anh, Tiếng Việt, Có thông dịch viên miễn phí khi yêu cầu',
    ];
    const english = ['parramatta-legal helps.', 'Advice', 'English, Vietnamese, Free interpreter on request'];
    const query = 'postcode=2150&category=legal';
    expect(texts((await get(query, { 'accept-language': 'vi' })).body)).toEqual(vietnamese);
    expect(texts((await get(`${query}&lang=vi`, { 'accept-language': 'en' })).body)).toEqual(vietnamese);
    expect(texts((await get(`${query}&lang=en`, { 'accept-language': 'vi' })).body)).toEqual(english);

    const linh = await signUp(t.app, { locale: 'vi' });
    expect(texts((await get(query, { cookie: linh.cookie })).body)).toEqual(vietnamese);
    expect(texts((await get(query, { cookie: linh.cookie, 'accept-language': 'en' })).body)).toEqual(english);
  });

  it('keeps one copy per language in a cache', async () => {
    const response = await t.app.inject({ url: '/api/resources?postcode=2000' });
    expect(response.headers.vary).toContain('accept-language');
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  describe('browsing the whole directory, without a location', () => {
    it('lists every organisation by state and suburb, with a total and counts', async () => {
      const { status, body } = await get('');
      expect(status).toBe(200);
      expect(body).toMatchObject({ place: null, requestedRadiusKm: null, radiusKm: null, total: 8, page: 1 });
      expect(body.pageSize).toBe(RESOURCE_PAGE_SIZE);
      expect(names(body)).toEqual([
        'broken-hill-legal',
        'haymarket-health',
        'newcastle-housing',
        'parramatta-legal',
        'sydney-community',
        'wollongong-employment',
        'footscray-education',
        'melbourne-immigration',
      ]);
      expect(body.resources.every((r) => r.distance === null)).toBe(true);
      expect(body.counts).toMatchObject({ all: 8, legal: 2, housing: 1 });
    });

    it('filters by state and category; counts stay those of the state', async () => {
      const { body } = await get('state=NSW&category=legal');
      expect(names(body)).toEqual(['broken-hill-legal', 'parramatta-legal']);
      expect(body.total).toBe(2);
      expect(body.counts).toMatchObject({ all: 6, legal: 2, education: 0 });
      expect((await get('state=all')).body.total).toBe(8);
    });

    it('pages through the directory', async () => {
      const extra = Array.from({ length: RESOURCE_PAGE_SIZE }, (_, n) =>
        organisation(
          `hobart-${String(n).padStart(2, '0')}`,
          { suburb: 'Hobart', postcode: '7000', state: 'TAS' },
          'community',
        ),
      );
      await syncHelpContent(t.db, { services: [], organisations: [...ORGANISATIONS, ...extra] });
      try {
        const first = await get('');
        const second = await get('page=2');
        expect(first.body.total).toBe(ORGANISATIONS.length + extra.length);
        expect(first.body.resources).toHaveLength(RESOURCE_PAGE_SIZE);
        expect(second.body.resources).toHaveLength(ORGANISATIONS.length);
        expect(second.body.page).toBe(2);
        const all = [...names(first.body), ...names(second.body)];
        expect(new Set(all).size).toBe(all.length);
        expect((await get('page=3')).body.resources).toEqual([]);
      } finally {
        await syncHelpContent(t.db, { services: [], organisations: ORGANISATIONS });
      }
    });
  });

  it('gives one organisation for its own page, in the reader’s language; 404 for none or an archived one', async () => {
    const one = await t.app.inject({
      url: '/api/resources/parramatta-legal',
      headers: { 'accept-language': 'vi' },
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id: 'parramatta-legal',
      description: 'parramatta-legal giúp đỡ.',
      distance: null,
    });
    expect((await t.app.inject({ url: '/api/resources/nobody-here' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/resources/Not%20An%20Id' })).statusCode).toBe(400);
    await t.db
      .update(organisations)
      .set({ archivedAt: new Date() })
      .where(eq(organisations.id, 'parramatta-legal'));
    try {
      expect((await t.app.inject({ url: '/api/resources/parramatta-legal' })).statusCode).toBe(404);
    } finally {
      await t.db
        .update(organisations)
        .set({ archivedAt: null })
        .where(eq(organisations.id, 'parramatta-legal'));
    }
  });

  describe('searching by name, service or suburb, and by language', () => {
    const hindi = {
      ...organisation(
        'harris-park-hindi',
        { suburb: 'Harris Park', postcode: '2150', state: 'NSW' },
        'community',
      ),
      name: 'Harris Park Community Library',
      services: [{ en: 'English conversation classes', vi: 'Lớp đàm thoại tiếng Anh' }],
      supportedLanguages: ['Hindi' as const],
    };
    beforeAll(async () => {
      await syncHelpContent(t.db, { services: [], organisations: [...ORGANISATIONS, hindi] });
    });

    it('finds by a name, a suburb or a service, in either language, typos forgiven', async () => {
      expect(names((await get('q=Harris Park')).body)).toEqual(['harris-park-hindi']);
      expect(names((await get('q=libary')).body)).toEqual(['harris-park-hindi']);
      expect(names((await get('q=conversaton')).body)).toEqual(['harris-park-hindi']);
      expect(names((await get(`q=${encodeURIComponent('đàm thoại')}`)).body)).toEqual(['harris-park-hindi']);
      expect(names((await get('q=parramata&state=NSW')).body)).toEqual(['parramatta-legal']);
      // Near a place too: the search narrows what is near.
      expect(names((await get('postcode=2150&q=library')).body)).toEqual(['harris-park-hindi']);
      expect((await get('q=zzqqxx')).body.total).toBe(0);
    });

    it('finds where a language is spoken, or an interpreter is offered', async () => {
      const vietnamese = await get('language=Vietnamese');
      expect(vietnamese.body.total).toBe(ORGANISATIONS.length);
      expect(names((await get('language=Hindi')).body)).toEqual(['harris-park-hindi']);
      expect(names((await get('language=interpreter&state=VIC')).body)).toEqual([
        'footscray-education',
        'melbourne-immigration',
      ]);
      const bad = await get('language=Klingon', { 'accept-language': 'vi' });
      expect(bad.status).toBe(400);
      expect((bad.body as unknown as { error: string }).error).toBe('Vui lòng chọn một trong các ngôn ngữ.');
    });
  });
});
