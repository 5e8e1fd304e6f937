import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { faqSchema, legalPageSchema, officialSourcesSchema } from '../src/shared/schemas/content';
import { governmentFileSchema } from '../src/shared/schemas/resources';

const read = (file: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, file), 'utf8')) as unknown;

/** The shape of a bilingual document: section and paragraph counts must match across languages. */
function outline(body: { sections: { paragraphs: string[] }[] }) {
  return body.sections.map((section) => section.paragraphs.length);
}

describe('curated content', () => {
  it('has the five FAQ items in English and Vietnamese', () => {
    const faq = faqSchema.parse(read('faq.json'));
    expect(faq.map((item) => item.id)).toEqual([
      'what-is-mentor-me',
      'why-not-facebook-groups',
      'does-ai-help',
      'does-it-replace-people',
      'why-not-post-pain-on-social-media',
    ]);
  });

  it.each(['privacy', 'terms', 'guidelines'])(
    'has the %s page in both languages with the same outline',
    (name) => {
      const page = legalPageSchema.parse(read(`pages/${name}.json`));
      expect(outline(page.vi)).toEqual(outline(page.en));
    },
  );

  it('lists official sources on government or official addresses with a review date', () => {
    const { sources, lastReviewed } = officialSourcesSchema.parse(read('official-sources.json'));
    expect(new Date(lastReviewed).getTime()).not.toBeNaN();
    for (const source of sources) expect(new URL(source.url).hostname).toMatch(/\.gov\.au$/);
    expect(sources.map((s) => s.id)).toContain('mara-register');
  });

  it('gives the crisis numbers correctly wherever the guidelines mention them', () => {
    const text = readFileSync(path.join(import.meta.dirname, 'pages/guidelines.json'), 'utf8');
    expect(text).toContain('13 11 14');
    expect(text).toContain('1800 737 732');
    expect(text).toContain('131 450');
  });

  it('has drafts of government services in the final shape, with unique ids and https sources', () => {
    const { services } = governmentFileSchema.parse(read('drafts/government-west-south-territories.json'));
    expect(new Set(services.map((service) => service.id)).size).toBe(services.length);
    for (const state of ['WA', 'SA', 'TAS', 'ACT', 'NT']) {
      expect(
        services.filter((service) => service.location.state === state).length,
        state,
      ).toBeGreaterThanOrEqual(5);
    }
  });
});
