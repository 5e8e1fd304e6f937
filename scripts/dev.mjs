// `npm run dev`: the API server with reload (tsx watch, port 5000 or PORT) and Vite on http://localhost:5173, which
// proxies /api and the realtime socket (/ws, /ws/public) to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { dotEnv, root } from './fresh-build.mjs';

const bin = (name) => path.join(root, 'node_modules/.bin', name);
// Settings from .env when present, as `npm start` reads them; the environment wins over the file.
const env = { ...dotEnv(), NODE_ENV: 'development', ...process.env };
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
  // Vite's proxy (vite.config.ts) follows the server to another PORT.
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit', env: { ...env, API_PORT: env.PORT ?? '5000' } }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children) child.on('exit', (code) => (stop('SIGTERM'), process.exit(code ?? 0)));
