import { describe, expect, it } from 'vitest';
import { loadHelpContent } from '../src/server/db/seed/help-content';
import { isTrustedSource, weakSourceKind } from './source-rules';

const { services, organisations } = loadHelpContent(import.meta.dirname);

describe('directory sources readers can trust (decision 042)', () => {
  it('tells weak pages from trusted ones', () => {
    const csv =
      'https://github.com/hughrun/public_library_map/blob/main/website/data/public_library_locations.csv';
    expect(weakSourceKind(csv)).toBe('code host');
    expect(weakSourceKind('https://en.wikipedia.org/wiki/North_Canberra_Hospital')).toBe('encyclopaedia');
    expect(weakSourceKind('https://mimitreschaudreviews.blogspot.com/search/label/Libraries')).toBe('blog');
    expect(weakSourceKind('https://touristlandmarks.com/landmarks-state-library-victoria_melbourne')).toBe(
      'tourist or heritage page',
    );
    expect(weakSourceKind('https://findglocal.com/AU/Melbourne/1842581902441367/Centre')).toBe(
      'document copy or aggregator',
    );
    expect(weakSourceKind('https://directory.wayahead.org.au/service/1361')).toBe('directory of directories');
    expect(weakSourceKind('https://www.canberratimes.com.au/story/8572080/x/')).toBe('news story');
    // The organisation's own site, a government page and the PHN that commissions a clinic are trusted.
    expect(isTrustedSource('https://www.asrc.org.au/about', 'https://www.asrc.org.au')).toBe(true);
    expect(isTrustedSource('https://betterhealth.vic.gov.au/mhwlocal')).toBe(true);
    expect(isTrustedSource('https://swsphn.com.au/topic/urgent-care/')).toBe(true);
    // Another organisation's page about it is not, nor is the organisation's own site's blog a gap in the list.
    expect(isTrustedSource('https://mcot.org.au/government-roadshow/', 'https://mrcltn.org.au')).toBe(false);
    expect(isTrustedSource('https://wentworthhealthcare.com.au/blog/ceodesk/x')).toBe(false);
  });

  it('gives every organisation its own site, a government page or its official body as the source, or none', () => {
    const untrusted = organisations
      .filter((o) => o.source && !isTrustedSource(o.source, o.website))
      .map((o) => `${o.id}: ${o.source}`);
    expect(untrusted).toEqual([]);
  });

  it('links no government service to a weak page', () => {
    const weak = services
      .filter((s) => s.source && weakSourceKind(s.source))
      .map((s) => `${s.id}: ${s.source}`);
    expect(weak).toEqual([]);
  });

  it('keeps the sources that were trusted and says so for the entries without one', () => {
    // Most entries have one; the rest show "No official source yet" until an admin finds one.
    expect(organisations.filter((o) => o.source).length).toBeGreaterThan(organisations.length / 2);
    const libraries = organisations.filter((o) => o.id === 'perth-city-library');
    expect(libraries).toHaveLength(1);
    expect(libraries[0]!.source).toBeUndefined();
    expect(organisations.find((o) => o.id === 'state-library-victoria')?.source).toBe(
      'https://www.slv.vic.gov.au',
    );
  });
});
