// `npm run migrate`: the deployment's migrate step. Builds when stale, then prepares the database of DATABASE_URL
// (migrations, content, demo data in demo mode) under the same lock the instances take, and exits.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { dotEnv, ensureBuilt, root } from './fresh-build.mjs';

ensureBuilt();
const result = spawnSync(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'dist/server/migrate.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...dotEnv(), ...process.env },
  },
);
process.exit(result.status ?? 1);
