import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pageRoute, type PageRoute } from '../../shared/routes';

/** The screen each page shows, as its source file under src/client (the key of its chunk in Vite's manifest). */
export const PAGE_SCREENS: Record<PageRoute, string> = {
  '/': 'features/feed/feed-page.tsx',
  '/latest': 'features/feed/feed-page.tsx',
  '/questions/:id': 'features/question/question-page.tsx',
  '/resources': 'features/resources/resources-page.tsx',
  '/chat': 'features/chat/chat-page.tsx',
  '/chloe': 'features/chloe/chloe-page.tsx',
  '/faq': 'features/faq/faq-page.tsx',
  '/about': 'features/about/about-page.tsx',
  '/founders': 'features/founders/founders-page.tsx',
  '/government': 'features/government/government-page.tsx',
  '/login': 'features/auth/login-page.tsx',
  '/signup': 'features/auth/signup-page.tsx',
  '/profile': 'features/profile/profile-page.tsx',
  '/admin': 'features/admin/admin-page.tsx',
  '/privacy': 'features/legal/legal-page.tsx',
  '/terms': 'features/legal/legal-page.tsx',
  '/guidelines': 'features/legal/legal-page.tsx',
};

type Chunk = { file: string; isEntry?: boolean; imports?: string[] };
export type PageBytes = { identity: Buffer; br?: Buffer; gzip?: Buffer };

function compress(html: string): PageBytes {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
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
 * The app's HTML page for each path: the built index.html with the screen's own chunks preloaded
 * (`modulepreload`), so the browser fetches the screen's code beside the entry's instead of after it has run.
 * Paths the app does not know get the plain page. Built once, compressed once.
 */
export function loadIndexPages(clientDir: string): (pathname: string) => PageBytes {
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const read = (name: string) => {
    const file = path.join(clientDir, name);
    return existsSync(file) ? readFileSync(file) : undefined;
  };
  const plain: PageBytes = {
    identity: Buffer.from(html),
    br: read('index.html.br'),
    gzip: read('index.html.gz'),
  };
  const manifestFile = path.join(clientDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return () => plain;

  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loaded = entry ? closure(manifest, entry) : new Set<string>();
  const byScreen = new Map<string, PageBytes>();
  for (const screen of new Set(Object.values(PAGE_SCREENS))) {
    const files = [...closure(manifest, screen)]
      .filter((key) => !loaded.has(key))
      .map((key) => manifest[key]!.file)
      .filter((file) => file.endsWith('.js'));
    const links = files
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('\n    ');
    byScreen.set(screen, files.length ? compress(html.replace('</head>', `  ${links}\n  </head>`)) : plain);
  }

  return (pathname) => {
    const route = pageRoute(pathname);
    return (route && byScreen.get(PAGE_SCREENS[route])) ?? plain;
  };
}
