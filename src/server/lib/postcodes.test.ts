import { describe, expect, it } from 'vitest';
import { findLocality, haversineKm, lookupPostcode, nearestLocality, titleCase } from './postcodes';

describe('postcodes', () => {
  it('finds a postcode with its state and localities', () => {
    const parramatta = lookupPostcode('2150');
    expect(parramatta?.state).toBe('NSW');
    expect(parramatta?.localities).toContain('Parramatta');
    expect(lookupPostcode('3000')?.state).toBe('VIC');
    expect(lookupPostcode('0800')?.state).toBe('NT');
    expect(lookupPostcode('2600')?.state).toBe('ACT');
  });

  it("names a postcode by the locality it is known by, at that locality's own coordinates", () => {
    expect(lookupPostcode('2150')?.main.name).toBe('Parramatta');
    expect(lookupPostcode('2000')?.main.name).toBe('Sydney');
    expect(lookupPostcode('3011')?.main.name).toBe('Footscray');
    expect(lookupPostcode('7250')?.main.name).toBe('Launceston');
    const melbourne = lookupPostcode('3000')!.main;
    expect(haversineKm(melbourne, { lat: -37.8136, lng: 144.9631 })).toBeLessThan(1);
  });

  it('finds a locality by name in a postcode or in a state', () => {
    expect(findLocality('Harris Park', '2150')).toMatchObject({ state: 'NSW', postcode: '2150' });
    expect(findLocality('harris park', '2150')).toBeDefined();
    expect(findLocality('Harris Park', '3000')).toBeUndefined();
    expect(findLocality('Sydney', 'NSW')?.postcode).toBe('2000');
    expect(findLocality('Darwin', 'NT')?.postcode).toBe('0800');
    expect(findLocality('Perth', 'TAS')?.postcode).toBe('7300');
    expect(findLocality('Nowhere Town', 'NSW')).toBeUndefined();
  });

  it('knows nothing of postcodes that do not exist or are not postcodes', () => {
    for (const bad of ['0000', '9999', 'abcd', '12345', '215', "2150' or 1=1", ''])
      expect(lookupPostcode(bad)).toBeUndefined();
  });

  it('names the nearest locality of a point, and none far out at sea', () => {
    expect(nearestLocality({ lat: -33.8688, lng: 151.2093 })).toMatchObject({ name: 'Sydney', state: 'NSW' });
    // Mail facilities are not places: the Sydney Gateway Facility sits on these very coordinates.
    expect(nearestLocality({ lat: -33.8686, lng: 151.2094 })?.name).toBe('Sydney');
    const melbourne = { lat: -37.8136, lng: 144.9631 };
    const nearMelbourne = nearestLocality(melbourne);
    expect(nearMelbourne?.state).toBe('VIC');
    expect(haversineKm(melbourne, nearMelbourne!)).toBeLessThan(3);
    expect(nearMelbourne?.name).not.toBe('North Pole');
    expect(nearestLocality({ lat: -12.4634, lng: 130.8456 })).toMatchObject({ state: 'NT' });
    expect(nearestLocality({ lat: 0, lng: 0 })).toBeUndefined();
  });

  it('measures great-circle distances', () => {
    const sydney = { lat: -33.8688, lng: 151.2093 };
    const melbourne = { lat: -37.8136, lng: 144.9631 };
    expect(haversineKm(sydney, melbourne)).toBeGreaterThan(705);
    expect(haversineKm(sydney, melbourne)).toBeLessThan(720);
    expect(haversineKm(sydney, sydney)).toBe(0);
  });

  it('writes locality names as people do', () => {
    expect(titleCase('HARRIS PARK')).toBe('Harris Park');
    expect(titleCase("O'CONNOR")).toBe("O'Connor");
  });
});
