import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GovernmentService, Organisation } from '../../../shared/schemas/resources';
import { useTestApp } from '../../test/helpers';
import { governmentServices, organisations } from '../schema';
import { ContentError, loadHelpContent, syncHelpContent } from './help-content';

const SERVICE: GovernmentService = {
  id: 'medicare',
  title: { en: 'Medicare', vi: 'Medicare' },
  description: { en: 'Health cover.', vi: 'Bảo hiểm y tế.' },
  category: 'healthcare',
  department: 'Services Australia',
  eligibility: [],
  contactInfo: {},
  languages: ['English'],
  location: { state: 'national' },
  source: 'https://www.servicesaustralia.gov.au/medicare',
  lastUpdated: '2026-11-23',
};

const ORGANISATION: Organisation = {
  id: 'parramatta-centre',
  name: 'Parramatta Centre',
  category: 'community',
  description: { en: 'Help.', vi: 'Giúp đỡ.' },
  address: '1 Church Street',
  suburb: 'Parramatta',
  state: 'NSW',
  postcode: '2150',
  services: [],
  source: 'https://www.example.org.au/',
  lastReviewed: '2026-11-23',
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function contentDir(services: unknown[], organisationList: unknown[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mentorme-content-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'government'));
  mkdirSync(path.join(dir, 'resources'));
  writeFileSync(path.join(dir, 'government', 'a.json'), JSON.stringify({ services }));
  writeFileSync(path.join(dir, 'resources', 'a.json'), JSON.stringify({ organisations: organisationList }));
  return dir;
}

describe('help content', () => {
  it('places each organisation at its suburb in the postcode data', () => {
    const content = loadHelpContent(contentDir([SERVICE], [ORGANISATION]));
    expect(content.services).toEqual([SERVICE]);
    expect(content.organisations[0]).toMatchObject({ id: 'parramatta-centre' });
    expect(content.organisations[0]!.lat).toBeCloseTo(-33.81, 1);
    expect(content.organisations[0]!.lng).toBeCloseTo(151.0, 1);
  });

  it.each([
    ['a suburb that is not in its postcode', { suburb: 'Bondi' }, /not in the postcode data/],
    ['a postcode in another state', { state: 'VIC' }, /not in the postcode data/],
    ['a postcode that does not exist', { postcode: '0000' }, /not in the postcode data/],
    ['a website without https', { website: 'http://example.org.au' }, /website/],
  ])('refuses %s, naming the entry', (_, change, message) => {
    const dir = contentDir([SERVICE], [{ ...ORGANISATION, ...change }]);
    expect(() => loadHelpContent(dir)).toThrow(ContentError);
    expect(() => loadHelpContent(dir)).toThrow(message);
  });

  it('refuses an id used twice', () => {
    expect(() => loadHelpContent(contentDir([SERVICE, SERVICE], []))).toThrow(/"medicare" appears twice/);
  });

  describe('syncing', () => {
    const t = useTestApp();

    it('upserts changed entries and removes the ones content no longer has', async () => {
      const placed = { ...ORGANISATION, lat: -33.81, lng: 151.0 };
      await syncHelpContent(t.db, {
        services: [SERVICE, { ...SERVICE, id: 'old' }],
        organisations: [placed],
      });
      await syncHelpContent(t.db, {
        services: [{ ...SERVICE, title: { en: 'Medicare (Services Australia)', vi: 'Medicare' } }],
        organisations: [],
      });
      const rows = await t.db.select().from(governmentServices);
      expect(rows.map((row) => [row.id, row.titleEn])).toEqual([
        ['medicare', 'Medicare (Services Australia)'],
      ]);
      expect(await t.db.select().from(organisations)).toEqual([]);
    });
  });
});
