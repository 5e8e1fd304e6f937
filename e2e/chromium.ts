/** Debian's Chromium (or CHROME_PATH), quiet and able to run as root: for the browser tests and `npm run shots`. */
export const chromiumLaunch = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
