import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one free, which on a two-core machine halves the run's speed.
    maxWorkers: '100%',
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          // The screens are read in Australia: their tests run in Sydney's time unless TZ names another (CI runs the
          // client's tests again west of UTC).
          env: { TZ: process.env.TZ || 'Australia/Sydney' },
          // The screens' tests share the cores with the server's and the browsers': a test that renders, types and
          // waits for the screen's answer may take longer than Vitest's 5 s default while the machine is busy.
          testTimeout: 15_000,
          include: [
            'src/client/**/*.test.{ts,tsx}',
            'src/shared/**/*.test.ts',
            'content/**/*.test.ts',
            'docs/**/*.test.ts',
          ],
          exclude: ['src/client/frame.test.tsx'],
          // A worker's files share one page and the libraries it loaded (React, Testing Library): building them
          // again for each file took three times as long as the tests. Each file gets the app's modules afresh and
          // leaves the page as it found it (src/client/test/setup.ts).
          isolate: false,
          setupFiles: [path.resolve(import.meta.dirname, 'src/client/test/setup.ts')],
        },
      },
      {
        // The page frames render where the server renders them: in Node, with no window or document.
        plugins: [react()],
        test: { name: 'frames', environment: 'node', include: ['src/client/frame.test.tsx'] },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts'],
          globalSetup: [path.resolve(import.meta.dirname, 'src/server/test/global-setup.ts')],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Each file builds its own app on its own database, and what a module keeps is kept per database (the
          // caches, the stored settings): a worker loads the server's code once for all its files, not once each.
          isolate: false,
        },
      },
      {
        // The repository's own rules: lint catches what it should (scripts/lint-rules/).
        test: { name: 'repo', environment: 'node', include: ['scripts/**/*.test.ts'], testTimeout: 60_000 },
      },
      {
        // The production layout (npm run cluster) on the PostgreSQL of DATABASE_URL; skipped without one.
        test: {
          name: 'cluster',
          environment: 'node',
          include: ['deploy/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          pool: 'forks',
          // One cluster at a time: the load test's smoke run measures a machine the other file is not using.
          fileParallelism: false,
        },
      },
    ],
  },
});
