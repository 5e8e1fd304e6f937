import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { faqSchema, legalPageSchema, officialSourcesSchema } from '../src/shared/schemas/content';
import { DEMO_PROFILES } from '../src/server/db/seed/demo-profiles';
import { loadHelpContent } from '../src/server/db/seed/help-content';
import { loadKnowledge } from '../src/server/db/seed/knowledge';
import { articleQuestionText, evalFileSchema, synonymsFileSchema } from '../src/shared/schemas/knowledge';
import { nearDuplicate } from './near-duplicate';
import { haversineKm, lookupPostcode } from '../src/server/lib/postcodes';
import { AUS_STATES, GOVERNMENT_CATEGORIES, LOCAL_CATEGORIES } from '../src/shared/schemas/resources';
import { LOCALES } from '../src/shared/languages';

/**
 * The capitals by their central postcode. `none` names the kinds of help for which no organisation within 25 km
 * has a source yet, and `vietnamese` says a Vietnamese-speaking one is within 25 km. As entries are found, `none`
 * shrinks and `vietnamese` turns true (decision 008 lists what is still to find).
 */
const CAPITALS = [
  { city: 'Sydney', postcode: '2000', none: ['employment', 'legal'], vietnamese: false },
  { city: 'Melbourne', postcode: '3000', none: [], vietnamese: true },
  { city: 'Brisbane', postcode: '4000', none: ['housing', 'employment'], vietnamese: false },
  { city: 'Perth', postcode: '6000', none: ['legal'], vietnamese: false },
  { city: 'Adelaide', postcode: '5000', none: ['employment'], vietnamese: true },
  { city: 'Hobart', postcode: '7000', none: ['employment'], vietnamese: false },
  { city: 'Canberra', postcode: '2601', none: ['immigration', 'education', 'employment'], vietnamese: false },
  { city: 'Darwin', postcode: '0800', none: ['education', 'housing', 'employment'], vietnamese: false },
];

/** South, west, north and east edges of each state and territory, in degrees. */
const STATE_BOUNDS = {
  NSW: [-37.6, 140.9, -28.1, 153.7],
  VIC: [-39.2, 140.9, -33.9, 150.0],
  QLD: [-29.2, 137.9, -9.1, 153.6],
  WA: [-35.2, 112.9, -13.6, 129.1],
  SA: [-38.1, 128.9, -25.9, 141.1],
  TAS: [-43.7, 143.8, -39.4, 148.5],
  ACT: [-35.95, 148.7, -35.1, 149.4],
  NT: [-26.1, 128.9, -10.9, 138.1],
} as const;

const read = (file: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, file), 'utf8')) as unknown;

/** The shape of a bilingual document: section and paragraph counts must match across languages. */
/**
 * Today where it is latest (UTC+14): a date written in Sydney on its morning is already today there, and not yet in
 * UTC, where a machine may count.
 */
const latestToday = () => new Date(Date.now() + 14 * 3600 * 1000).toISOString().slice(0, 10);

function outline(body: { sections: { paragraphs: string[] }[] }) {
  return body.sections.map((section) => section.paragraphs.length);
}

describe('curated content', () => {
  it('has the five FAQ items in every language', () => {
    const faq = faqSchema.parse(read('faq.json'));
    for (const item of faq)
      for (const locale of LOCALES) {
        expect(item.question[locale], `${item.id} ${locale}`).toBeTruthy();
        expect(item.answer[locale], `${item.id} ${locale}`).toBeTruthy();
      }
    expect(faq.map((item) => item.id)).toEqual([
      'what-is-mentor-me',
      'why-not-facebook-groups',
      'does-ai-help',
      'does-it-replace-people',
      'why-not-post-pain-on-social-media',
    ]);
  });

  it.each(['privacy', 'terms', 'guidelines'])(
    'has the %s page in every language with the same outline',
    (name) => {
      const page = legalPageSchema.parse(read(`pages/${name}.json`));
      for (const locale of LOCALES) expect(outline(page[locale]!), locale).toEqual(outline(page.en));
    },
  );

  it('calls a mentor by one Vietnamese word in the FAQ, the pages and the demo profiles, as the screens do', () => {
    const vietnamese = [
      ...faqSchema.parse(read('faq.json')).flatMap((item) => [item.question.vi, item.answer.vi]),
      ...DEMO_PROFILES.map((profile) => JSON.stringify(profile.vi ?? {})),
      ...['privacy', 'terms', 'guidelines'].map((name) =>
        JSON.stringify(legalPageSchema.parse(read(`pages/${name}.json`)).vi),
      ),
      // Chloe's articles as she quotes them (people's own questions and the keywords keep their words).
      ...loadKnowledge(path.join(import.meta.dirname, 'knowledge')).flatMap((article) =>
        [article.title, article.summary, ...article.points, ...article.help].map((text) => text.vi),
      ),
    ];
    expect(vietnamese.filter((text) => /cố vấn|\bmentor\b(?! Me\b)/i.test(text))).toEqual([]);
  });

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

  describe('find-help content', () => {
    const { services, organisations } = loadHelpContent(import.meta.dirname);
    const today = latestToday();
    const twoYearsAgo = `${Number(today.slice(0, 4)) - 2}${today.slice(4)}`;
    /** Australian numbers: 000, 13 xx xx and 13 xx xx xx, 1300 / 1800 numbers, landlines and mobiles with their area code. */
    const AUSTRALIAN_PHONE = /^(000|13\d{4}|13\d{6}|1[38]00\d{6}|0[2-478]\d{8})$/;

    it('has at least 80 government services across every category, nationally and in every state', () => {
      expect(services.length).toBeGreaterThanOrEqual(80);
      for (const category of GOVERNMENT_CATEGORIES)
        expect(
          services.some((s) => s.category === category),
          category,
        ).toBe(true);
      expect(services.filter((s) => s.location.state === 'national').length).toBeGreaterThanOrEqual(20);
      for (const state of AUS_STATES)
        expect(services.filter((s) => s.location.state === state).length, state).toBeGreaterThanOrEqual(4);
    });

    it('has at least 155 local organisations, at least four in every state and territory', () => {
      expect(organisations.length).toBeGreaterThanOrEqual(155);
      for (const state of AUS_STATES)
        expect(organisations.filter((o) => o.state === state).length, state).toBeGreaterThanOrEqual(4);
    });

    const near = (capital: (typeof CAPITALS)[number], km = 25) => {
      const centre = lookupPostcode(capital.postcode)!.main;
      return organisations.filter((o) => haversineKm(centre, o) <= km);
    };

    it.each(CAPITALS)('has every kind of help within 25 km of $city but those still to find', (capital) => {
      const kinds = new Set(near(capital).map((o) => o.category));
      const missing = LOCAL_CATEGORIES.filter((c) => !kinds.has(c) && !capital.none.includes(c));
      expect(missing).toEqual([]);
    });

    it.each(CAPITALS.filter((c) => c.vietnamese))(
      'has a Vietnamese-speaking service within 25 km of $city',
      (capital) => {
        const speakers = near(capital).filter((o) => o.supportedLanguages?.includes('Vietnamese'));
        expect(speakers.map((o) => o.id)).not.toEqual([]);
      },
    );

    it('names its languages for at least 30 organisations, each from a source', () => {
      const inOtherLanguages = organisations.filter((o) =>
        o.supportedLanguages?.some((l) => l !== 'English'),
      );
      expect(inOtherLanguages.length).toBeGreaterThanOrEqual(30);
      for (const service of services) expect(service.languages.length, service.id).toBeGreaterThan(0);
    });

    it('places every organisation inside its state', () => {
      for (const o of organisations) {
        const [south, west, north, east] = STATE_BOUNDS[o.state];
        expect(o.lat >= south && o.lat <= north && o.lng >= west && o.lng <= east, o.id).toBe(true);
      }
    });

    it('gives every phone number in an Australian format', () => {
      const phones = [
        ...services.map((s) => [s.id, s.contactInfo.phone] as const),
        ...organisations.map((o) => [o.id, o.phone] as const),
      ];
      for (const [id, phone] of phones)
        if (phone) expect(phone.replace(/\s/g, ''), `${id}: ${phone}`).toMatch(AUSTRALIAN_PHONE);
    });

    it('has a review date that is not in the future', () => {
      for (const service of services) {
        expect(service.lastUpdated <= today, service.id).toBe(true);
      }
      for (const organisation of organisations) {
        expect(organisation.lastReviewed <= today, organisation.id).toBe(true);
        expect(organisation.lastReviewed >= twoYearsAgo, organisation.id).toBe(true);
      }
    });

    it('lists no service or organisation twice under another id', () => {
      const titles = services.map((s) => `${s.title.en}|${s.location.state}`.toLowerCase());
      expect(new Set(titles).size).toBe(titles.length);
      const places = organisations.map((o) => `${o.name}|${o.address}|${o.postcode}`.toLowerCase());
      expect(new Set(places).size).toBe(places.length);
    });

    it('writes every text in English and Vietnamese, and the Vietnamese is not a copy of the English', () => {
      const descriptions = [...services, ...organisations].map((entry) => entry.description);
      const copied = descriptions.filter((d) => d.vi.trim() === d.en.trim());
      expect(copied).toEqual([]);
    });
  });

  describe('Chloe’s knowledge base', () => {
    const articles = loadKnowledge(path.join(import.meta.dirname, 'knowledge'));
    const ids = new Set(articles.map((article) => article.id));
    const today = latestToday();

    it('has at least 30 articles, each with its sources and the day they were checked', () => {
      expect(articles.length).toBeGreaterThanOrEqual(30);
      for (const article of articles) {
        expect(article.sources.length, article.id).toBeGreaterThan(0);
        expect(article.checked <= today, article.id).toBe(true);
        // The questions people ask that it answers, in English and Vietnamese (decision 053).
        expect(article.questions.en?.length, article.id).toBeGreaterThanOrEqual(15);
        expect(article.questions.vi?.length, article.id).toBeGreaterThanOrEqual(15);
      }
    });

    it('has every article in every language, each translation with the day it was last checked (decision 056)', () => {
      for (const article of articles) {
        const texts = [article.title, article.summary, ...article.points, ...article.help];
        for (const locale of LOCALES) {
          const where = `${article.id} ${locale}`;
          for (const text of texts) expect(text[locale], where).toBeTruthy();
          // Chloe ranks an article by the questions people ask in their language too.
          expect(article.questions[locale]?.length ?? 0, where).toBeGreaterThanOrEqual(8);
          if (locale === article.writtenIn) continue;
          expect(article.summary[locale], where).not.toBe(article.summary[article.writtenIn]);
          const checked = article.translationsChecked[locale];
          expect(checked !== undefined && checked <= today, where).toBe(true);
        }
      }
    });

    it('covers the topics people ask about most', () => {
      for (const id of [
        'student-visa-work',
        'oshc',
        'medicare',
        'tax-file-number',
        'renting-basics',
        'pay-and-rights-at-work',
        'scams',
        'english-classes',
        'registered-migration-agents',
        'interpreters',
        'mental-health',
        'family-violence',
        'emergency-numbers',
        'how-mentor-me-works',
        'lost-passport',
        'first-tax-return',
        'family-visas',
        'visa-health-examination',
        'citizenship-for-children',
        'school-and-childcare',
        'medicare-for-families',
        'buying-a-car',
        'moving-house-utilities',
        'rental-repairs-and-mould',
        'unfair-dismissal',
        'workers-compensation',
        'workplace-bullying',
        'reduced-hours-permanent',
      ])
        expect(ids.has(id), id).toBe(true);
    });

    it('gives the crisis numbers correctly wherever an article mentions them', () => {
      const text = JSON.stringify(articles);
      expect(text).not.toMatch(/13 ?11 ?15|1800 ?737 ?733|131 ?451/);
      const respect = articles.filter((a) => JSON.stringify(a).includes('1800RESPECT'));
      for (const article of respect) expect(JSON.stringify(article), article.id).toContain('1800 737 732');
    });

    it('has an evaluation set in a tuning and a test part, about articles that exist, with the real questions sourced', () => {
      const part = (name: string) => {
        const dir = path.join(import.meta.dirname, 'knowledge/eval', name);
        return readdirSync(dir)
          .filter((file) => file.endsWith('.json'))
          .flatMap((file) => evalFileSchema.parse(read(`knowledge/eval/${name}/${file}`)).cases);
      };
      const tuning = part('tuning');
      const test = part('test');
      expect(readdirSync(path.join(import.meta.dirname, 'knowledge/eval')).sort()).toEqual([
        'test',
        'tuning',
      ]);
      for (const cases of [tuning, test]) {
        expect(cases.length).toBeGreaterThanOrEqual(80);
        expect(cases.filter((c) => c.locale === 'vi').length).toBeGreaterThanOrEqual(15);
        expect(cases.filter((c) => c.expected.length === 0).length).toBeGreaterThanOrEqual(10);
      }
      const all = [...tuning, ...test];
      // No question is in both parts.
      expect(new Set(all.map((c) => c.question)).size).toBe(all.length);
      for (const item of all)
        for (const id of item.expected) expect(ids.has(id), `${item.question}: ${id}`).toBe(true);
      // The questions without a source are the ones written for the set; every real one names where it was asked.
      expect(all.filter((c) => c.source).length).toBeGreaterThanOrEqual(100);
    });

    it('never holds a question of the evaluation’s test part, or a near-duplicate of one, among an article’s questions', () => {
      const test = readdirSync(path.join(import.meta.dirname, 'knowledge/eval/test'))
        .filter((file) => file.endsWith('.json'))
        .flatMap((file) => evalFileSchema.parse(read(`knowledge/eval/test/${file}`)).cases);
      // A question is compared with the test's questions in its own language.
      const copied = articles.flatMap((article) =>
        LOCALES.flatMap((locale) =>
          (article.questions[locale] ?? [])
            .map(articleQuestionText)
            .filter((question) =>
              test.some((item) => item.locale === locale && nearDuplicate(item.question, question)),
            )
            .map((question) => `${article.id} (${locale}): ${question}`),
        ),
      );
      expect(copied).toEqual([]);
    });

    it('tells a near-duplicate from a question on the same topic', () => {
      expect(
        nearDuplicate(
          'Can I work more than 48 hours a fortnight?',
          'can i work more than 48 hours a fortnight',
        ),
      ).toBe(true);
      expect(
        nearDuplicate(
          'Hi all, can I work more than 48 hours a fortnight on a student visa? Thanks',
          'can I work more than 48 hours a fortnight on a student visa',
        ),
      ).toBe(true);
      expect(
        nearDuplicate('How many hours can I work on a student visa?', 'Do I need a TFN before I start work?'),
      ).toBe(false);
      expect(
        nearDuplicate(
          'How many hours can I work on a student visa?',
          'What is the work limit for student visa holders during holidays?',
        ),
      ).toBe(false);
      // Chinese by its pairs of characters, Nepali words whole with their vowel signs.
      expect(nearDuplicate('学生签证每两周可以打工多少小时？', '学生签证每两周可以打工多少个小时')).toBe(
        true,
      );
      expect(nearDuplicate('学生签证每两周可以打工多少小时？', '怎么申请税号？')).toBe(false);
      expect(
        nearDuplicate('विद्यार्थी भिसामा कति घण्टा काम गर्न पाइन्छ?', 'विद्यार्थी भिसामा कति घण्टा काम गर्न पाइन्छ'),
      ).toBe(true);
      expect(nearDuplicate('विद्यार्थी भिसामा कति घण्टा काम गर्न पाइन्छ?', 'कर फाइल नम्बर कसरी लिने?')).toBe(false);
    });

    it('maps everyday wording to the articles’ words in every language (content/synonyms.json)', () => {
      const { synonyms } = synonymsFileSchema.parse(read('synonyms.json'));
      expect(synonyms.length).toBeGreaterThanOrEqual(30);
      const phrases = synonyms.flatMap((group) => group.phrases);
      expect(phrases.some((phrase) => /[ăâđêôơư]/.test(phrase))).toBe(true);
      // Every group in Chinese and in Nepali too, in their own scripts.
      for (const script of [/\p{Script=Han}/u, /\p{Script=Devanagari}/u])
        for (const group of synonyms)
          expect(
            group.phrases.some((phrase) => script.test(phrase)),
            group.means,
          ).toBe(true);
      expect(new Set(phrases).size).toBe(phrases.length);
    });
  });
});
