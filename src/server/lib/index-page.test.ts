import { LOCALES } from '../../shared/languages';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { FRAMED_PAGES, PAGES } from '../../shared/pages';
import { translate } from '../../shared/i18n';
import { PAGE_PATHS } from '../../shared/routes';
import {
  builtStylesheet,
  loadFrameRenderer,
  loadIndexPages,
  renderFrames,
  START_SCRIPT_HASH,
} from './index-page';

const HTML =
  '<html lang="en" dir="ltr"><head><meta name="description" content="The app." /><title>Mentor Me</title></head><body><div id="root"></div></body></html>';

/** A build folder with an entry, a shared chunk, and two screens (one importing a chunk the entry already has). */
function clientDir(withManifest = true, html = HTML) {
  const dir = mkdtempSync(path.join(tmpdir(), 'index-page-'));
  writeFileSync(path.join(dir, 'index.html'), html);
  if (!withManifest) return dir;
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/index-1.js',
        isEntry: true,
        imports: ['_query.js'],
        dynamicImports: [
          '../shared/i18n/en.ts',
          '../shared/i18n/vi.ts',
          'features/resources/resources-page.tsx',
        ],
      },
      '../shared/i18n/en.ts': { file: 'assets/en-1.js', isDynamicEntry: true },
      '../shared/i18n/vi.ts': { file: 'assets/vi-1.js', isDynamicEntry: true },
      '_query.js': { file: 'assets/query-1.js' },
      '_page.js': { file: 'assets/page-1.js', imports: ['_query.js'] },
      '_page-texts.js': {
        file: 'assets/page-texts-1.js',
        dynamicImports: ['../shared/i18n/pages.en.ts', '../shared/i18n/pages.vi.ts'],
      },
      '../shared/i18n/pages.en.ts': { file: 'assets/pages.en-1.js', isDynamicEntry: true },
      '../shared/i18n/pages.vi.ts': { file: 'assets/pages.vi-1.js', isDynamicEntry: true },
      'features/resources/resources-page.tsx': {
        file: 'assets/resources-page-1.js',
        isDynamicEntry: true,
        imports: ['_page.js', '_query.js', 'index.html', '_page-texts.js'],
      },
      'features/questions/question-page.tsx': {
        file: 'assets/question-page-1.js',
        isDynamicEntry: true,
        imports: ['_page.js'],
      },
    }),
  );
  return dir;
}

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('the app page for each path', () => {
  it('preloads the screen’s own chunks, not those the entry already loads, and the texts in the reader’s language', () => {
    const page = loadIndexPages(clientDir())('/resources', 'en');
    const html = page.identity.toString();
    expect(preloads(html)).toEqual([
      '/assets/resources-page-1.js',
      '/assets/page-1.js',
      '/assets/page-texts-1.js',
      '/assets/en-1.js',
      '/assets/pages.en-1.js',
    ]);
    expect(preloads(loadIndexPages(clientDir())('/resources', 'vi').identity.toString())).toEqual([
      '/assets/resources-page-1.js',
      '/assets/page-1.js',
      '/assets/page-texts-1.js',
      '/assets/vi-1.js',
      '/assets/pages.vi-1.js',
    ]);
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
    expect(gunzipSync(page.gzip!).toString()).toBe(html);
    expect(page.br).toBeDefined();
  });

  it('knows a question’s page by its pattern, and a path with a trailing slash', () => {
    const pages = loadIndexPages(clientDir());
    expect(
      preloads(pages('/questions/4f6b7c1e-7d2a-4c55-9a51-0a6f3f0f8e21', 'en').identity.toString()),
    ).toEqual(['/assets/question-page-1.js', '/assets/page-1.js', '/assets/en-1.js']);
    expect(preloads(pages('/resources/', 'en').identity.toString())).toContain('/assets/resources-page-1.js');
  });

  it('gives paths it does not know the first texts alone, and the plain page everywhere when there is no manifest', () => {
    expect(preloads(loadIndexPages(clientDir())('/nowhere', 'vi').identity.toString())).toEqual([
      '/assets/vi-1.js',
    ]);
    expect(preloads(loadIndexPages(clientDir(false))('/resources', 'en').identity.toString())).toEqual([]);
  });

  it('titles and describes a public page in the reader’s language, and sets its lang', () => {
    const pages = loadIndexPages(clientDir());
    const en = pages('/resources', 'en').identity.toString();
    expect(en).toContain('<html lang="en" dir="ltr">');
    expect(en).toContain('<title>Local Resources · Mentor Me</title>');
    expect(en).toContain(
      'content="Find settlement, legal, health, housing and community services near you."',
    );
    const vi = pages('/resources', 'vi').identity.toString();
    expect(vi).toContain('<html lang="vi" dir="ltr">');
    expect(vi).toMatch(/<title>[^<]+ · Mentor Me<\/title>/);
    expect(vi).not.toContain('Local Resources');
    // A page without its own texts keeps the app's title, described in the reader's language all the same.
    expect(pages('/nowhere', 'vi').identity.toString()).toContain(
      `<html lang="vi" dir="ltr"><head><meta name="description" content="${translate('vi', 'app.description')}" /><title>Mentor Me</title>`,
    );
  });

  it('gives a shared link its preview in the reader’s language: title, description, locale and an addressed picture', () => {
    const og =
      '<meta property="og:site_name" content="Mentor Me" /><meta property="og:title" content="Mentor Me" />' +
      '<meta\n      property="og:description"\n      content="The app." /><meta property="og:locale" content="en_AU" />' +
      '<meta property="og:image" content="/icons/icon-512.png" />';
    const pages = loadIndexPages(
      clientDir(true, HTML.replace('</head>', `${og}</head>`)),
      new Map(),
      null,
      'https://mentorme.example',
    );
    const meta = (html: string) =>
      Object.fromEntries(
        [...html.matchAll(/<meta\s+property="og:([a-z_]+)"\s+content="([^"]*)"/g)].map((m) => [m[1], m[2]]),
      );
    expect(meta(pages('/resources', 'en').identity.toString())).toEqual({
      site_name: 'Mentor Me',
      title: 'Local Resources',
      description: 'Find settlement, legal, health, housing and community services near you.',
      locale: 'en_AU',
      image: 'https://mentorme.example/icons/icon-512.png',
    });
    expect(meta(pages('/resources', 'zh-Hans').identity.toString())).toMatchObject({
      title: translate('zh-Hans', 'frames.resourcesTitle'),
      locale: 'zh_CN',
    });
    expect(meta(pages('/nowhere', 'ne').identity.toString())).toMatchObject({
      title: translate('ne', 'app.name'),
      description: translate('ne', 'app.description'),
      locale: 'ne_NP',
    });
    // A question's page is previewed by the question, whatever it holds.
    const question = pages('/questions/1', 'vi', true, {
      html: '<h1>x</h1>',
      drawnAt: 1,
      data: '[]',
      title: 'Thuê nhà "$&" <b>',
      description: 'Chủ nhà giữ tiền cọc.',
    }).identity.toString();
    expect(meta(question)).toMatchObject({
      title: 'Thuê nhà &quot;$&amp;&quot; &lt;b&gt;',
      description: 'Chủ nhà giữ tiền cọc.',
      locale: 'vi_VN',
    });
  });

  it('names an existing screen for every page', () => {
    for (const page of PAGE_PATHS) {
      const screen = PAGES[page].screen;
      expect(existsSync(path.resolve(import.meta.dirname, '../../client', screen)), page).toBe(true);
    }
  });

  it('puts a framed page’s frame in its root, inert and saying when it was drawn, only when asked for a visitor', () => {
    const frames = new Map([
      ['/faq|en', { html: '<h1>Frequently Asked Questions</h1>', drawnAt: 1 }],
      ['/faq|vi', { html: '<h1>Câu hỏi thường gặp</h1>', drawnAt: 1_764_100_000_000 }],
    ]);
    const pages = loadIndexPages(clientDir(), frames);
    expect(pages('/faq', 'vi', true).identity.toString()).toContain(
      '<div id="root"><div inert aria-hidden="true" data-drawn-at="1764100000000"><h1>Câu hỏi thường gặp</h1></div></div>',
    );
    expect(pages('/faq', 'en', true).identity.toString()).toContain('<h1>Frequently Asked Questions</h1>');
    // Signed in, or a search in the address: the app draws the page itself.
    expect(pages('/faq', 'en', false).identity.toString()).toContain('<div id="root"></div>');
    // A page without a frame stays as it is.
    expect(pages('/about', 'en', true).identity.toString()).toContain('<div id="root"></div>');
  });

  it('starts a framed page’s code after the page has painted, the entry with the chunks beside it', () => {
    const built = HTML.replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/query-1.js"></head>',
    );
    const pages = loadIndexPages(
      clientDir(true, built),
      new Map([['/resources|en', { html: '<h1>Local Resources</h1>', drawnAt: 1 }]]),
    );
    const framed = pages('/resources', 'en', true).identity.toString();
    // Nothing in the head asks for code: the browser paints the frame first.
    expect(framed.slice(0, framed.indexOf('<body>'))).not.toMatch(/<script|modulepreload/);
    const code = framed.match(/<script type="application\/json" id="app-code">([^<]*)<\/script>/)?.[1];
    expect(JSON.parse(code!)).toEqual({
      entry: '/assets/index-1.js',
      preload: [
        '/assets/query-1.js',
        '/assets/resources-page-1.js',
        '/assets/page-1.js',
        '/assets/page-texts-1.js',
        '/assets/en-1.js',
        '/assets/pages.en-1.js',
      ],
    });
    // The script that starts it is the one the Content Security Policy lets through, after the frame.
    const start = framed.match(/<script>(.*?)<\/script>/s)?.[1];
    expect(start).toContain('data-quick-exit');
    expect(`sha256-${createHash('sha256').update(start!).digest('base64')}`).toBe(START_SCRIPT_HASH);
    expect(framed.indexOf('<script>')).toBeGreaterThan(framed.indexOf('<h1>Local Resources</h1>'));
    // The first paint waits for the whole frame: until the code's list, which comes after it, is parsed.
    const head = framed.slice(0, framed.indexOf('<body>'));
    expect(head).toContain('<link rel="expect" href="#app-code" blocking="render">');
    expect(framed.indexOf('id="app-code"')).toBeGreaterThan(framed.indexOf('<h1>Local Resources</h1>'));
    // A page without its frame asks for its code from the head, as built.
    const plain = pages('/resources', 'en', false).identity.toString();
    expect(plain).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(preloads(plain)).toContain('/assets/resources-page-1.js');
    expect(plain).not.toContain('app-code');
    expect(plain).not.toContain('rel="expect"');
  });

  it('carries a frame’s data beside it as JSON that no text in it can turn into markup', () => {
    const pages = loadIndexPages(clientDir());
    const title = '</script><script>alert(1)</script> & \u2028';
    const data = JSON.stringify([[['questions', 'feed'], { title }]]);
    const html = pages('/latest', 'en', true, {
      html: '<h1>Latest Questions</h1>',
      drawnAt: 1_764_100_005_000,
      data,
    }).identity.toString();
    expect(html).toContain(
      '<div id="root"><div inert aria-hidden="true" data-drawn-at="1764100005000"><h1>Latest Questions</h1></div></div>',
    );
    const script = html.match(/<script type="application\/json" id="frame-data">([^<]*)<\/script>/)?.[1];
    expect(script).toBeDefined();
    expect(script).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(script!)).toEqual([[['questions', 'feed'], { title }]]);
    expect(html).not.toContain('<script>alert');
    // The frames kept for everyone have no data.
    expect(pages('/latest', 'en', true).identity.toString()).not.toContain('frame-data');
  });

  it('compresses a page built for one request, as it does the pages it keeps', () => {
    const pages = loadIndexPages(clientDir());
    for (const page of [
      pages('/latest', 'vi', true, { html: '<h1>Câu hỏi mới nhất</h1>', drawnAt: 1, data: '[]' }),
      pages('/faq', 'vi'),
    ]) {
      expect(brotliDecompressSync(page.br!).equals(page.identity)).toBe(true);
      expect(gunzipSync(page.gzip!).equals(page.identity)).toBe(true);
    }
  });
});

describe('the stylesheet', () => {
  it('is carried in every page in place of its link, with the hash the Content Security Policy lets through', () => {
    const dir = clientDir();
    const css = '.a{color:red}\n';
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets/index-1.css'), css);
    const link = '<link rel="stylesheet" crossorigin href="/assets/index-1.css">';
    writeFileSync(path.join(dir, 'index.html'), HTML.replace('</head>', `${link}</head>`));
    const stylesheet = builtStylesheet(dir);
    expect(stylesheet).toEqual({
      link,
      css,
      hash: `sha256-${createHash('sha256').update(css).digest('base64')}`,
    });
    for (const page of [loadIndexPages(dir)('/faq', 'vi', true), loadIndexPages(dir)('/nowhere', 'en')]) {
      const html = page.identity.toString();
      expect(html).toContain(`<style>${css}</style>`);
      expect(html).not.toContain('index-1.css');
    }
  });

  it('stays a link when the build has none, or when it could end its element', () => {
    expect(builtStylesheet(clientDir())).toBeNull();
    const dir = clientDir();
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets/index-1.css'), '.a::after{content:"</style>"}');
    const link = '<link rel="stylesheet" crossorigin href="/assets/index-1.css">';
    writeFileSync(path.join(dir, 'index.html'), HTML.replace('</head>', `${link}</head>`));
    expect(builtStylesheet(dir)).toBeNull();
    expect(loadIndexPages(dir)('/faq', 'en').identity.toString()).toContain(link);
  });
});

describe('the page frames', () => {
  /** A build folder beside a frame renderer whose module body is `source`. */
  function withRenderer(source: string) {
    const dir = mkdtempSync(path.join(tmpdir(), 'frames-'));
    mkdirSync(path.join(dir, 'client'));
    mkdirSync(path.join(dir, 'frame'));
    writeFileSync(path.join(dir, 'frame/frame.js'), source);
    return path.join(dir, 'client');
  }

  it('renders every framed page in every language with the built renderer', async () => {
    const dir = withRenderer(
      'export async function renderFrame(pathname, locale) { return { html: `<p>${pathname} ${locale}</p>`, drawnAt: 7 }; }',
    );
    const frames = await renderFrames(await loadFrameRenderer(dir), () => {});
    expect(frames.size).toBe(FRAMED_PAGES.length * LOCALES.length);
    expect(frames.get('/government|vi')).toEqual({ html: '<p>/government vi</p>', drawnAt: 7 });
    expect(frames.has('/questions/:id|en')).toBe(false);
  });

  it('leaves out a page whose render fails, saying so, and has none without a renderer', async () => {
    const dir = withRenderer(
      'export async function renderFrame(pathname) { if (pathname === "/chloe") throw new Error("window is not defined"); return { html: "<p></p>", drawnAt: 1 }; }',
    );
    const log = vi.fn();
    const frames = await renderFrames(await loadFrameRenderer(dir), log);
    expect(frames.has('/chloe|en')).toBe(false);
    expect(frames.has('/faq|en')).toBe(true);
    expect(log).toHaveBeenCalledWith('No frame for /chloe (en): window is not defined');
    expect(await loadFrameRenderer(clientDir())).toBeNull();
    expect((await renderFrames(null, log)).size).toBe(0);
  });
});
