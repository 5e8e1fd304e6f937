// Builds the client (Vite, then brotli and gzip copies of every text asset), the page frames' renderer (Vite) and the
// server (esbuild).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist/client');

const vite = (...args) =>
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', ...args],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
vite();
// The page frames' renderer, which the server runs at start (src/client/frame.tsx).
vite('--ssr', 'frame.tsx');

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}
for (const file of files(clientDir)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const content = readFileSync(file);
  if (content.length < 512) continue;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}

await build({
  entryPoints: [
    path.join(root, 'src/server/main.ts'),
    path.join(root, 'src/server/migrate.ts'),
    path.join(root, 'src/server/cli/admin.ts'),
    path.join(root, 'src/server/cli/directory.ts'),
  ],
  outdir: path.join(root, 'dist/server'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('Built dist/client and dist/server.');
