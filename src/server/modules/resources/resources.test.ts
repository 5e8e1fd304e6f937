import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalResourcesResponse, Organisation } from '../../../shared/schemas/resources';
import { syncHelpContent, type PlacedOrganisation } from '../../db/seed/help-content';
import { useTestApp } from '../../test/helpers';
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
    source: 'https://www.example.org.au/',
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
    const distances = body.resources.map((r) => r.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.every((km) => km >= 0 && km < 10)).toBe(true);
    expect(body.counts).toMatchObject({ all: 2, community: 1, healthcare: 1, legal: 0 });
  });

  it('finds Melbourne’s organisations from Melbourne coordinates, and not Sydney’s', async () => {
    const { body } = await get(MELBOURNE);
    expect(body.place).toMatchObject({ state: 'VIC' });
    expect(names(body)).toEqual(['melbourne-immigration', 'footscray-education']);
    expect(body.resources[0]!.distanceKm).toBeLessThan(2);
    expect(body.resources[1]!.distanceKm).toBeGreaterThan(5);
  });

  it('widens the radius when nothing of the category is near, and says how far it went', async () => {
    const legal = await get(`${SYDNEY}&category=legal`);
    expect(legal.body.radiusKm).toBe(25);
    expect(names(legal.body)).toEqual(['parramatta-legal']);
    expect(legal.body.counts).toMatchObject({ all: 3, legal: 1, community: 1, healthcare: 1 });

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
    expect(housing.body.counts.all).toBe(6);

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
    ['', 'Share your location or enter a postcode.'],
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
});
