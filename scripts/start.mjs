// `npm start`: builds when the build is missing or older than the sources, then runs the production server.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const output = [path.join(root, 'dist/server/main.js'), path.join(root, 'dist/client/index.html')];
const inputs = ['src', 'content', 'migrations', 'package.json', 'vite.config.ts', 'scripts/build.mjs'];

function newest(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

const built = output.every((file) => existsSync(file));
const stale =
  !built ||
  Math.max(
    ...inputs
      .map((p) => path.join(root, p))
      .filter(existsSync)
      .map(newest),
  ) > Math.min(...output.map((file) => statSync(file).mtimeMs));
if (stale) {
  console.log(built ? 'Sources changed: rebuilding…' : 'Building Mentor Me (first start)…');
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
}

// Settings from .env when present (see .env.example); the environment wins over the file.
const envFile = path.join(root, '.env');
const nodeArgs = [
  '--enable-source-maps',
  ...(existsSync(envFile) ? [`--env-file=${envFile}`] : []),
  output[0],
];
const child = spawn(process.execPath, nodeArgs, {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// The server shuts itself down in order; pass signals on and leave with its exit code.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
