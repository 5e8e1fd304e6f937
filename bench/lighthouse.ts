/**
 * Lighthouse's mobile run (simulated slow 4G, 4× slower CPU, a phone's screen) on the public pages, with Debian's
 * Chromium: performance score, largest contentful paint, total blocking time, cumulative layout shift and the
 * accessibility score per page.
 * Starts the production server as `npm start` does, on its own data folder (or DATABASE_URL when set).
 * `BENCH_ONLY=lighthouse npm run bench` runs only this; `LIGHTHOUSE_RUNS` (default 1) takes the median of several.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunch } from '../e2e/chromium';

const root = path.resolve(import.meta.dirname, '..');
export const LIGHTHOUSE_PAGES = ['/', '/latest', '/chloe', '/government', '/resources', '/faq', '/about'];
const GOALS = { performance: 95, cls: 0.05, accessibility: 100 };

type Figures = { performance: number; accessibility: number; lcp: number; tbt: number; cls: number };

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: process.env.DATA_DIR ?? '.data/bench-lighthouse',
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
    },
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('The server stopped before it was ready.');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error('The server was not ready within 3 minutes.');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Lighthouse now and then loses a page load's trace (NO_NAVSTART): such a run is made again, up to twice. */
async function audit(url: string, chromePort: number, attempt = 1): Promise<Figures> {
  try {
    return await auditOnce(url, chromePort);
  } catch (error) {
    if (attempt >= 3) throw error;
    return audit(url, chromePort, attempt + 1);
  }
}

async function auditOnce(url: string, chromePort: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

/** The table's lines: one per page, with the goals it misses marked. */
export async function benchLighthouse(): Promise<string[]> {
  const port = Number(process.env.LIGHTHOUSE_PORT ?? 5190);
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
  const server = await startServer(port);
  const chrome = await launch({
    chromePath: chromiumLaunch.executablePath,
    chromeFlags: ['--headless=new', ...chromiumLaunch.args],
  });
  const lines = [
    `Lighthouse mobile (median of ${runs}; goals: performance ≥ ${GOALS.performance}, CLS ≤ ${GOALS.cls}, accessibility ${GOALS.accessibility})`,
    `${'page'.padEnd(12)} ${'perf'.padStart(5)} ${'LCP ms'.padStart(8)} ${'TBT ms'.padStart(8)} ${'CLS'.padStart(7)} ${'a11y'.padStart(5)}`,
  ];
  try {
    for (const page of LIGHTHOUSE_PAGES) {
      const figures: Figures[] = [];
      for (let run = 0; run < runs; run++)
        figures.push(await audit(`http://127.0.0.1:${port}${page}`, chrome.port));
      const pick = (key: keyof Figures) => median(figures.map((f) => f[key]));
      const performance = pick('performance');
      const cls = pick('cls');
      const accessibility = pick('accessibility');
      const missed =
        performance < GOALS.performance || cls > GOALS.cls || accessibility < GOALS.accessibility
          ? '  ← below goal'
          : '';
      lines.push(
        `${page.padEnd(12)} ${String(performance).padStart(5)} ${pick('lcp').toFixed(0).padStart(8)} ${pick('tbt').toFixed(0).padStart(8)} ${cls.toFixed(3).padStart(7)} ${String(accessibility).padStart(5)}${missed}`,
      );
    }
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  return lines;
}
