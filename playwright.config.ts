import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './e2e/chromium';

const port = Number(process.env.E2E_PORT ?? 5100);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 5125);
const mailHttpPort = Number(process.env.E2E_MAIL_HTTP_PORT ?? 5126);

export default defineConfig({
  testDir: './e2e',
  // Two workers, each taking whole spec files: one worker left a core of two idle (decision 039). A test has a
  // minute: the two share the machine's cores with the app and its database.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'off',
    launchOptions: chromiumLaunch,
    // The service worker would answer some requests in place of the server and of page.route(); e2e/offline.spec.ts
    // allows it where it is what is tested.
    serviceWorkers: 'block',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      // The mail server the app sends to; tests read the emails it received (e2e/mail-catcher.mjs).
      command: 'node e2e/mail-catcher.mjs',
      url: `http://127.0.0.1:${mailHttpPort}/messages`,
      timeout: 30_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_MAIL_HTTP_PORT: String(mailHttpPort) },
    },
    {
      // The README's start command on a fresh data folder, with the sign-up, sign-in and overall limits raised for
      // the many accounts a spec file makes and the pages it opens quicker than a person would.
      command: 'rm -rf .data/e2e && node scripts/start.mjs',
      url: `http://localhost:${port}/api/ready`,
      timeout: 180_000,
      reuseExistingServer: false,
      // SIGTERM lets the server stop its embedded PostgreSQL too; a kill would leave the database running.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: '.data/e2e',
        DATABASE_URL: '',
        DEMO_MODE: 'true',
        LOG_LEVEL: 'warn',
        CONTACT_EMAIL: 'hello@mentorme.example',
        RATE_LIMIT_SIGNUP_PER_HOUR: '1000',
        RATE_LIMIT_SIGNIN_PER_MINUTE: '1000',
        RATE_LIMIT_SIGNIN_PER_HOUR: '1000',
        RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
        // One proxy hop, as behind nginx: each spec file's requests say which address they come from
        // (e2e/fixtures.ts), so the limits kept per address are each file's own, and the others keep their values.
        TRUST_PROXY: '1',
        MAIL_URL: `smtp://127.0.0.1:${smtpPort}`,
        // Long enough for a page that has the question open to read a reply first, short enough to wait for.
        REPLY_EMAIL_DELAY_SECONDS: '10',
      },
    },
  ],
});
