import { test } from '@playwright/test';

// Screenshots for a person to look at: `SHOTS=1 npx playwright test e2e/shots.spec.ts`.
test.skip(!process.env.SHOTS, 'screenshots only on request');

const pages = [
  '/',
  '/login',
  '/signup',
  '/faq',
  '/about',
  '/founders',
  '/privacy',
  '/nope',
  '/latest',
  '/government',
];
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

for (const locale of ['en', 'vi']) {
  for (const width of [1280, 360]) {
    test(`shots of /resources near Sydney ${locale} ${width}`, async ({ page, context }) => {
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: -33.8688, longitude: 151.2093 });
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((l) => localStorage.setItem('mentorme.language', l), locale);
      await page.goto('/resources');
      await page.locator('main button').first().click();
      await page.locator('section[aria-labelledby="resources-results"] h3').first().waitFor();
      await page.screenshot({ path: `test-results/shots/resources-${locale}-${width}.png`, fullPage: true });
    });
  }
}

for (const locale of ['en', 'vi']) {
  for (const [width, height] of [
    [1280, 1800],
    [360, 2600],
  ] as const) {
    test(`shots of /government with a postcode search ${locale} ${width}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.addInitScript((l) => localStorage.setItem('mentorme.language', l), locale);
      await page.goto('/government');
      await page.locator('input[inputmode="numeric"]').fill('2150');
      await page.locator('input[inputmode="numeric"]').press('Enter');
      await page.getByText(/Parramatta, NSW 2150/).waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `test-results/shots/government-top-${locale}-${width}.png` });
      await page.locator('section[aria-labelledby="government-results"] button').nth(1).click();
      await page.screenshot({ path: `test-results/shots/government-details-${locale}-${width}.png` });
    });
  }
}

for (const locale of ['en', 'vi']) {
  for (const width of [1280, 360]) {
    test(`shots of /chloe with an answer ${locale} ${width}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 1000 });
      await page.addInitScript((l) => localStorage.setItem('mentorme.language', l), locale);
      await page.goto('/chloe');
      await page.screenshot({ path: `test-results/shots/chloe-start-${locale}-${width}.png` });
      await page
        .locator('textarea')
        .fill(locale === 'en' ? 'How do I get a tax file number?' : 'Làm sao để xin mã số thuế?');
      await page.locator('textarea').press('Enter');
      await page.locator('[role="log"] ol').waitFor();
      await page.screenshot({
        path: `test-results/shots/chloe-answer-${locale}-${width}.png`,
        fullPage: true,
      });
    });
  }
}

for (const locale of ['en', 'vi']) {
  for (const width of [1280, 360]) {
    test(`shots of Chloe's replies in the feed ${locale} ${width}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 1400 });
      await page.addInitScript((l) => localStorage.setItem('mentorme.language', l), locale);
      await page.goto('/latest');
      const card = page
        .getByRole('article')
        .filter({ hasText: locale === 'en' ? 'Chloe replied' : 'Chloe đã trả lời' });
      await card.first().waitFor({ timeout: 20_000 });
      await card.first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/shots/feed-chloe-${locale}-${width}.png` });
      await card.first().getByRole('heading').first().click();
      await page
        .getByText(/Chloe \(/)
        .first()
        .waitFor();
      await page
        .getByText(/Chloe \(/)
        .first()
        .scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/shots/question-chloe-${locale}-${width}.png` });
    });
  }
}
