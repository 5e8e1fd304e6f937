import { existsSync } from 'node:fs';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's Chromium (package chromium), or CHROME_PATH: the whole browser, as Lighthouse needs it. */
export const fullChromium = { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ARGS };

/**
 * Debian's headless shell (package chromium-headless-shell) when it is installed: the same engine without the
 * browser around it, which is what Playwright runs headless by default, and opens a page in about half the time.
 * Otherwise Debian's Chromium, or CHROME_PATH. Quiet and able to run as root: for the browser tests and
 * `npm run shots`.
 */
const SHELL = '/usr/bin/chromium-headless-shell';
export const chromiumLaunch = {
  executablePath: process.env.CHROME_PATH ?? (existsSync(SHELL) ? SHELL : fullChromium.executablePath),
  args: ARGS,
};
