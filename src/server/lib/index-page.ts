import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LOCALES, type Locale } from '../../shared/constants';
import type { User } from '../../shared/schemas/auth';
import { FRAMED_PAGES, PAGES, type DataFrame, type Frame, type FrameRenderer } from '../../shared/pages';
import { EARLY_TAPS_SCRIPT } from '../../shared/early-taps';
import { FRAME_DRAWN_AT, pageRoute, type PageRoute } from '../../shared/routes';
import { inLanguage } from './page-head';

/** Each framed page's frame by `route|locale`. */
export type Frames = Map<string, Frame>;

/** The renderer, or none when it is not built (the pages then go without frames). */
export async function loadFrameRenderer(clientDir: string): Promise<FrameRenderer | null> {
  const file = path.join(clientDir, '../frame/frame.js');
  return existsSync(file) ? ((await import(pathToFileURL(file).href)) as FrameRenderer) : null;
}

/**
 * Renders the page frames with the app's own components: what each public page's first render shows a visitor, in
 * each language (a page with data, without it: its frame while its data cannot be had). A page whose render fails
 * goes without, and the app draws it as before.
 */
export async function renderFrames(
  renderer: FrameRenderer | null,
  log: (message: string) => void,
): Promise<Frames> {
  const frames: Frames = new Map();
  if (!renderer) return frames;
  for (const route of FRAMED_PAGES)
    for (const locale of LOCALES) {
      try {
        frames.set(`${route}|${locale}`, await renderer.renderFrame(route, locale));
      } catch (error) {
        log(`No frame for ${route} (${locale}): ${(error as Error).message}`);
      }
    }
  return frames;
}

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
export type PageBytes = { identity: Buffer; br?: Buffer; gzip?: Buffer };

/**
 * Brotli's quality for a page: a page built once is compressed as small as brotli can (some 170 ms for a page with
 * data); a page built for one request with a quicker setting (some 3 ms, and about 12% more bytes), which a slow
 * connection fetches sooner than the best setting computes.
 */
const QUALITY = { kept: 11, perRequest: 5 };

/** The page's bytes as they are and compressed. */
function compress(html: string, quality: number): PageBytes {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
    // The best for a page kept, a quicker one for a page of one request (as brotli's quality).
    gzip: gzipSync(identity, { level: quality === QUALITY.kept ? 9 : 6 }),
  };
}

/** Every chunk a chunk imports statically, itself included. */
function closure(manifest: Record<string, Chunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/**
 * The built stylesheet, which the first HTML carries in place of its link: a page paints from its HTML alone, a
 * request sooner on a slow connection. Its hash lets it through the Content Security Policy (`style-src`). None when
 * the build links no stylesheet.
 */
export type Stylesheet = { link: string; css: string; hash: string };

export function builtStylesheet(clientDir: string): Stylesheet | null {
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const link = html.match(/<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)">/);
  if (!link) return null;
  const css = readFileSync(path.join(clientDir, link[1]!), 'utf8');
  if (css.includes('</')) return null;
  return { link: link[0], css, hash: `sha256-${createHash('sha256').update(css).digest('base64')}` };
}

/**
 * Quick exit and the links answering a tap from the first paint, before the app has taken the page over
 * (shared/early-taps.ts), then what starts the app's code once the browser has painted the page (`afterPaint`): it
 * adds the page's code, listed in `#app-code`, to the head: the entry, then the chunks beside it, a few to a task.
 * Asking the browser for a file takes its main thread a few milliseconds: some twenty asked for at once would keep a
 * slow phone from answering a tap for a moment. Right away when the page is not on screen (a tab opened behind), which
 * paints nothing.
 */
const START_SCRIPT =
  `${EARLY_TAPS_SCRIPT};` +
  "(function(){var d=document,done=0;function add(href,entry){var e=d.createElement(entry?'script':'link');" +
  "if(entry){e.type='module';e.src=href}else{e.rel='modulepreload';e.href=href}e.crossOrigin='';d.head.appendChild(e)}" +
  "function start(){if(done)return;done=1;var code=JSON.parse(d.getElementById('app-code').textContent),rest=code.preload;" +
  'add(code.entry,1);(function more(){rest.splice(0,4).forEach(function(href){add(href)});if(rest.length)setTimeout(more)})()}' +
  "if(d.visibilityState!=='visible')start();else requestAnimationFrame(function(){setTimeout(start)});" +
  "d.addEventListener('visibilitychange',start)})()";

/** The start script's hash, which lets it through the Content Security Policy (`script-src`). */
export const START_SCRIPT_HASH = `sha256-${createHash('sha256').update(START_SCRIPT).digest('base64')}`;

/** The built page's code (its entry, and the chunks Vite preloads beside it), and the page without it. */
type AppCode = { entry: string; preload: string[]; bare: string };

function appCode(html: string): AppCode | null {
  const entry = html.match(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/);
  if (!entry) return null;
  const preload: string[] = [];
  const bare = html
    .replace(entry[0], '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
      preload.push(href);
      return '';
    });
  return { entry: entry[1]!, preload, bare };
}

/**
 * The browser's first paint waits for the whole frame: the code's list (`#app-code`) comes after it. On a slow
 * phone the browser would otherwise paint as the HTML is parsed, a header button without its label, a form without
 * its box, Chloe's welcome not there yet, and the page would then move as the rest came in. A browser without
 * `rel="expect"` paints as before.
 */
const WHOLE_FRAME_FIRST = '<link rel="expect" href="#app-code" blocking="render">';

/**
 * A framed page whose code starts after the browser has painted it. The frame paints from the HTML alone; were the
 * code asked for from the head, the browser would fetch and run it before its first paint whenever it came in
 * first: on a slow phone, the whole app's start before anything shows. The page's code is all asked for at once
 * then, the entry beside the chunks of the page's screen (`screen`), a frame later than from the head.
 */
function afterPaint(code: AppCode, screen: string[]): string {
  const json = scriptJson(JSON.stringify({ entry: code.entry, preload: [...code.preload, ...screen] }));
  return code.bare
    .replace('</head>', () => `  ${WHOLE_FRAME_FIRST}\n  </head>`)
    .replace(
      '</body>',
      () =>
        `<script type="application/json" id="app-code">${json}</script>\n    <script>${START_SCRIPT}</script>\n  </body>`,
    );
}

/** The page with the screen's chunks preloaded from its head, beside the entry (`modulepreload`). */
function preloadedInHead(html: string, screen: string[]): string {
  if (screen.length === 0) return html;
  const links = screen.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`);
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

/** JSON that cannot end the script element it is in, nor be read as anything but data. */
const scriptJson = (json: string) =>
  json.replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The app's HTML page for each path and language: the built index.html with the screen's own chunks preloaded
 * (`modulepreload`), so the browser fetches the screen's code beside the entry's instead of after it has run, and
 * with the page's title, description and `lang` in the reader's language (its link's preview addressed from
 * `origin`, the site's public address), and the stylesheet in it (`stylesheet`, the one the Content Security Policy
 * allows). `framed` asks for the page's frame in its root, when it has one: the
 * header, the page's title and lead and its skeletons paint with the first HTML, inert and hidden from assistive
 * technology (a picture of the page) until the app takes them over (hydration); its code starts once it has
 * painted (`afterPaint`). Paths the app does not know get the plain page. Built once, compressed once; except a
 * page given its frame `withData` (a page in the renderer's DATA_FRAMES, or one drawn for a `member`), whose first
 * data comes along for the app's first render, and the member it was drawn for.
 */
export function loadIndexPages(
  clientDir: string,
  frames: Frames = new Map(),
  stylesheet: Stylesheet | null = builtStylesheet(clientDir),
  origin = '',
): (pathname: string, locale: Locale, framed?: boolean, withData?: DataFrame, member?: User) => PageBytes {
  const built = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const html = stylesheet ? built.replace(stylesheet.link, () => `<style>${stylesheet.css}</style>`) : built;
  const manifestFile = path.join(clientDir, '.vite/manifest.json');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>)
    : {};
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loaded = entry ? closure(manifest, entry) : new Set<string>();
  // The screen's own chunks, and the texts in the reader's language that it and the entry load when they run
  // (src/client/lib/i18n.ts): all beside the entry, not after it.
  const preloads = (screen: string | undefined, locale: Locale) => {
    const own = screen ? [...closure(manifest, screen)].filter((key) => !loaded.has(key)) : [];
    const texts = new RegExp(`/i18n/(pages\\.)?${locale}\\.ts$`);
    const inLanguage = [...loaded, ...own]
      .flatMap((key) => manifest[key]!.dynamicImports ?? [])
      .filter((key) => texts.test(key) && manifest[key]);
    return [...new Set([...own, ...inLanguage])]
      .map((key) => `/${manifest[key]!.file}`)
      .filter((file) => file.endsWith('.js'));
  };
  const code = appCode(html);

  const pages = new Map<string, PageBytes>();
  const build = (
    route: PageRoute | undefined,
    locale: Locale,
    frame: DataFrame | undefined,
    quality = QUALITY.kept,
    member?: User,
  ) => {
    const screen = preloads(route && PAGES[route].screen, locale);
    let page = frame && code ? afterPaint(code, screen) : preloadedInHead(html, screen);
    if (frame)
      page = page.replace(
        '<div id="root"></div>',
        () =>
          `<div id="root"><div inert aria-hidden="true" ${FRAME_DRAWN_AT}="${frame.drawnAt}">${frame.html}</div></div>` +
          (frame.data
            ? `<script type="application/json" id="frame-data">${scriptJson(frame.data)}</script>`
            : '') +
          (member
            ? `<script type="application/json" id="frame-user">${scriptJson(JSON.stringify(member))}</script>`
            : ''),
      );
    return compress(inLanguage(page, locale, route, frame, origin), quality);
  };
  return (pathname, locale, framed = false, withData, member) => {
    const route = pageRoute(pathname);
    // A frame with data, or drawn for a member, is the caller's to keep: it changes with the data.
    if (withData) return build(route, locale, withData, QUALITY.perRequest, member);
    const frame = framed ? frames.get(`${route}|${locale}`) : undefined;
    const key = `${route ?? ''}|${locale}|${frame ? 'framed' : ''}`;
    let page = pages.get(key);
    if (!page) {
      page = build(route, locale, frame && { ...frame, data: '' });
      pages.set(key, page);
    }
    return page;
  };
}
