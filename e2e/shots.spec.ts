import { test } from '@playwright/test';

// Screenshots for a person to look at: `SHOTS=1 npx playwright test e2e/shots.spec.ts`.
test.skip(!process.env.SHOTS, 'screenshots only on request');

const pages = ['/', '/login', '/signup', '/faq', '/about', '/founders', '/privacy', '/nope', '/latest'];
for (const locale of ['en', 'vi']) {
  for (const width of [1280, 360]) {
    test(`shots ${locale} ${width}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((l) => localStorage.setItem('mentorme.language', l), locale);
      for (const path of pages) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const name = path === '/' ? 'home' : path.slice(1);
        await page.screenshot({ path: `test-results/shots/${name}-${locale}-${width}.png`, fullPage: true });
      }
    });
  }
}
