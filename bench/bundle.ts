/**
 * The JavaScript a first visit to a route downloads, gzip-compressed: the entry chunk, the route's lazy
 * chunk, everything they import statically, and the texts they load in the reader's language. Reads
 * dist/client/.vite/manifest.json (run `npm run build`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; src?: string };

const clientDir = path.resolve(import.meta.dirname, '../dist/client');

export function routeJavaScript(routeSource: string): { files: string[]; gzipBytes: number } {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('No entry chunk in the manifest.');
  visit(entry);
  const route = Object.keys(manifest).find((key) => key.endsWith(routeSource));
  if (!route) throw new Error(`No chunk for ${routeSource}.`);
  visit(route);
  // The texts the entry and the route load as they run, in Vietnamese, the longer language (src/client/lib/i18n.ts).
  for (const key of [...seen])
    for (const imported of manifest[key]?.dynamicImports ?? [])
      if (/\/i18n\/(pages\.)?vi\.ts$/.test(imported)) visit(imported);
  const files = [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const gzipBytes = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(clientDir, file))).length,
    0,
  );
  return { files, gzipBytes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, gzipBytes } = routeJavaScript('features/questions/feed-page.tsx');
  console.log(`home route JavaScript: ${(gzipBytes / 1024).toFixed(1)} KB gzip in ${files.length} files`);
}
