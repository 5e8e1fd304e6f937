// Shared by `npm start` and `npm run cluster`: the build is made when it is missing or older than its sources.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

export const root = path.resolve(import.meta.dirname, '..');
export const serverEntry = path.join(root, 'dist/server/main.js');
const outputs = [serverEntry, path.join(root, 'dist/client/index.html')];
const inputs = ['src', 'content', 'migrations', 'package.json', 'vite.config.ts', 'scripts/build.mjs'];

function newest(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

/** Builds (scripts/build.mjs) when the build is missing or a source is newer than it; otherwise does nothing. */
export function ensureBuilt() {
  const built = outputs.every((file) => existsSync(file));
  const stale =
    !built ||
    Math.max(
      ...inputs
        .map((p) => path.join(root, p))
        .filter(existsSync)
        .map(newest),
    ) > Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  if (!stale) return;
  console.log(built ? 'Sources changed: rebuilding…' : 'Building Mentor Me (first start)…');
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
}

/** The .env file, when there is one (see .env.example). */
export const envFile = path.join(root, '.env');

/** The settings of .env (empty without one); the caller's environment wins over them. */
export function dotEnv() {
  return existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {};
}
