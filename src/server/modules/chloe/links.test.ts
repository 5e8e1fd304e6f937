import { beforeAll, describe, expect, it } from 'vitest';
import { tokenize, type Inline } from '../../../shared/markdown';
import { loadKnowledge, syncKnowledge } from '../../db/seed/knowledge';
import { useTestApp, userWithRole } from '../../test/helpers';
import { insertQuestions, insertReply } from '../questions/questions.test-helpers';
import { ARTICLES } from './chloe.test-helpers';
import { answer, answerText } from './chloe';
import { composeGuide, sourcesBlock } from './guide';
import { keepTrustedLinks, trustedLinks } from './links';
import { OfflineGuide, type ChatProvider, type ProviderRequest } from './providers';
import type { Retrieved } from './retrieval';

/** Every link, image-like or heading-like construct an answer would render, line by line as the renderer reads it. */
function linksIn(markdown: string): string[] {
  const hrefs: string[] = [];
  const walk = (tokens: Inline[]) =>
    tokens.forEach((token) => {
      if (token.kind === 'link') {
        hrefs.push(token.href);
        walk(token.label);
      } else if (token.kind !== 'text') walk(token.children);
    });
  markdown.split('\n').forEach((line) => walk(tokenize(line)));
  return hrefs;
}

const EVIL = 'https://evil.example/visa-help';
const TITLES = [
  `Lost passport](${EVIL}) [x`,
  `![pic](${EVIL}/p.png) help`,
  `# Official notice [Home Affairs](${EVIL})`,
  `\\[escaped](${EVIL})`,
  `**[bold link](${EVIL})**`,
  `_[italic](${EVIL})_ and [call](tel:1900123456)`,
];

async function* chunksOf(text: string, size: number): AsyncIterable<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

const EMPTY: Retrieved = { articles: [], services: [], questions: [], organisations: [] };

describe('trusted links', () => {
  const allowed = trustedLinks(
    { ...EMPTY, articles: [ARTICLES[0]!], questions: [{ id: 'q-1', title: 'x', answer: 'y' }] },
    [{ title: 'ATO', url: 'https://www.ato.gov.au/individuals-and-families/tax-file-number' }],
  );

  it('allows the sources, official sites, this site’s pages, the material’s phone numbers and crisis lines', () => {
    for (const href of [
      'https://www.ato.gov.au/individuals-and-families/tax-file-number',
      'https://immi.homeaffairs.gov.au/visas',
      '/faq',
      '/',
      '/questions/q-1',
      'tel:132861',
      'tel:131114',
      'tel:000',
    ])
      expect(allowed(href), href).toBe(true);
  });

  it('refuses any other address', () => {
    for (const href of [
      EVIL,
      'http://www.ato.gov.au/',
      'https://gov.au.evil.example/',
      'https://evilgov.au/',
      '/questions/q-2',
      '/admin/users',
      'tel:1900123456',
      'javascript:alert(1)',
    ])
      expect(allowed(href), href).toBe(false);
  });

  it('keeps trusted links and turns the others into their words, however the stream is cut', async () => {
    const text = [
      'See [the ATO](https://www.ato.gov.au/individuals-and-families/tax-file-number) or call [13 11 14](tel:131114).',
      `Also **[this](${EVIL})** and [that](${EVIL}) and _[more](tel:1900123456)_, \\[not a link](/x).`,
      'snake_case_word and 2 * 3',
    ].join('\n');
    for (const size of [1, 2, 3, 7, 50, 1000]) {
      const out = await collect(keepTrustedLinks(chunksOf(text, size), allowed));
      expect(linksIn(out), `chunks of ${size}`).toEqual([
        'https://www.ato.gov.au/individuals-and-families/tax-file-number',
        'tel:131114',
      ]);
      expect(out).toContain('Also **this** and that and _more_');
    }
  });

  it('passes text without marks through at once', async () => {
    const seen: string[] = [];
    for await (const chunk of keepTrustedLinks(chunksOf('plain words here', 5), allowed)) seen.push(chunk);
    expect(seen).toEqual(['plain', ' word', 's her', 'e']);
  });
});

describe('no member-written link in an answer', () => {
  const questions = TITLES.map((title, i) => ({
    id: `00000000-0000-4000-8000-00000000000${i}`,
    title,
    answer: 'y',
  }));
  const context: Retrieved = { ...EMPTY, articles: [ARTICLES[2]!], questions };

  it('the offline guide escapes community titles', () => {
    const text = composeGuide('how do I rent a home', context, 'en');
    for (const title of TITLES) expect(text).toContain(title.slice(-4).replace(/[[\]()!#*_\\]/g, '\\$&'));
    const links = linksIn(text);
    expect(links.filter((href) => href.startsWith('/questions/'))).toHaveLength(TITLES.length);
    expect(links.every((href) => !href.includes('evil') && !href.startsWith('tel:1900'))).toBe(true);
    expect(text.split('\n').some((line) => /^#/.test(line))).toBe(false);
  });

  it('the sources block escapes titles', () => {
    const block = sourcesBlock(
      TITLES.map((title, i) => ({ title, url: `/questions/${i}` })),
      'vi',
    );
    expect(linksIn(block)).toEqual(TITLES.map((_, i) => `/questions/${i}`));
  });
});

describe('Chloe’s answers through the database, guide and model', () => {
  const t = useTestApp();
  const signal = new AbortController().signal;

  beforeAll(async () => {
    await syncKnowledge(t.db, loadKnowledge());
    const member = await userWithRole(t.app, t.db, 'student');
    // Answered by another member: the asker's own reply is not an answer.
    const replier = await userWithRole(t.app, t.db, 'student');
    const rows = await insertQuestions(
      t.db,
      TITLES.map((title) => ({ authorId: member.user.id, title: `Renting a home bond lease ${title}` })),
    );
    for (const row of rows)
      await insertReply(t.db, {
        questionId: row.id,
        authorId: replier.user.id,
        content: `Read [the real rules](${EVIL}) about the bond.`,
      });
  });

  /** A model that does what an injected question asks: repeats the member's links. */
  const obedientModel: ChatProvider = {
    name: 'obedient',
    async *stream(request: ProviderRequest) {
      yield* chunksOf(
        [
          `Here is the [official visa help](${EVIL}).`,
          ...request.context.questions.map((q) => `- [${q.title}](/questions/${q.id}) ${q.answer}`),
          `![logo](${EVIL}/logo.png)`,
          '# Heading',
          'See the [ATO](https://www.ato.gov.au/individuals-and-families/tax-file-number).',
        ].join('\n'),
        9,
      );
    },
  };

  it('has community questions to draw on', async () => {
    const result = await answer(t.db, new OfflineGuide(), {
      message: 'renting a home bond lease',
      history: [],
      pageLocale: 'en',
      signal,
    });
    expect(result.sources.length).toBeGreaterThan(0);
    const text = await collect(result.chunks);
    expect(text).toContain('Renting a home bond lease');
    expect(linksIn(text).some((href) => href.startsWith('/questions/'))).toBe(true);
    expect(linksIn(text).filter((href) => href.includes('evil'))).toEqual([]);
  });

  it('the offline guide and a model both answer without the member’s links, in the feed too', async () => {
    for (const provider of [new OfflineGuide(), obedientModel]) {
      const { text } = await answerText(t.db, provider, {
        message: 'renting a home bond lease',
        history: [],
        pageLocale: 'en',
        signal,
        sourcesInText: true,
      });
      expect(text.length).toBeGreaterThan(50);
      const links = linksIn(text);
      expect(links.length, provider.name).toBeGreaterThan(0);
      expect(
        links.filter((href) => href.includes('evil')),
        provider.name,
      ).toEqual([]);
    }
  });
});
