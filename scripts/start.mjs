// `npm start`: builds when the build is missing or older than the sources, then runs the production server.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureBuilt, envFile, root, serverEntry } from './fresh-build.mjs';

ensureBuilt();

// Settings from .env when present (see .env.example); the environment wins over the file.
const nodeArgs = [
  '--enable-source-maps',
  ...(existsSync(envFile) ? [`--env-file=${envFile}`] : []),
  serverEntry,
];
const child = spawn(process.execPath, nodeArgs, {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// The server shuts itself down in order; pass signals on and leave with its exit code.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
