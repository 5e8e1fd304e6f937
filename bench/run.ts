/**
 * npm run bench: load-tests the app against a bare Fastify baseline measured in the same run, and
 * reports the home route's JavaScript size. Uses DATABASE_URL when set, else the embedded PostgreSQL
 * in .data/bench. Builds the client first when dist/ is missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { connectDatabase } from '../src/server/db/connect';
import { routeJavaScript } from './bundle';

const root = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;

type Result = { name: string; rps: number; p99: number };

async function measure(name: string, url: string): Promise<Result> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { name, rps: result.requests.average, p99: result.latency.p99 };
}

async function main() {
  if (!existsSync(path.join(root, 'dist/client/index.html'))) {
    execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  }
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: process.env.DATA_DIR ?? '.data/bench',
    RATE_LIMIT_GLOBAL_PER_MINUTE: '100000000',
  });
  const database = await connectDatabase(config, () => undefined);
  const app = await buildApp({
    config,
    db: database.db,
    clientDir: path.join(root, 'dist/client'),
    logger: false,
  });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  // The baseline: what plain Fastify does with the same answers held in memory.
  const indexHtml = readFileSync(path.join(root, 'dist/client/index.html'), 'utf8');
  const baseline = Fastify({ logger: false });
  baseline.get('/health', async () => ({ status: 'ok' }));
  baseline.get('/', async (_request, reply) => reply.type('text/html').send(indexHtml));
  const baselineUrl = await baseline.listen({ port: 0, host: '127.0.0.1' });

  const pairs: [Result, Result][] = [];
  try {
    pairs.push([
      await measure('baseline GET /health', `${baselineUrl}/health`),
      await measure('app GET /api/health', `${appUrl}/api/health`),
    ]);
    pairs.push([
      await measure('baseline GET / (html in memory)', `${baselineUrl}/`),
      await measure('app GET / (home page)', `${appUrl}/`),
    ]);
  } finally {
    await app.close();
    await baseline.close();
    await database.close();
  }

  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each`);
  for (const [base, measured] of pairs) {
    for (const r of [base, measured]) {
      console.log(
        `${r.name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms`,
      );
    }
    console.log(`${'ratio app / baseline'.padEnd(34)} ${(measured.rps / base.rps).toFixed(2).padStart(7)}\n`);
  }
  const js = routeJavaScript('features/feed/feed-page.tsx');
  console.log(
    `home route JavaScript: ${(js.gzipBytes / 1024).toFixed(1)} KB gzip (${js.files.length} files)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
