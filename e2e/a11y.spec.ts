import { expect, type Page } from '@playwright/test';
import { expectNoViolations, ORIGIN, signInFast, useLanguage, test } from './fixtures';

const PAGES = [
  '/',
  '/latest',
  '/faq',
  '/faq#open',
  '/about',
  '/founders',
  '/mentors',
  '/government',
  '/resources',
  '/privacy',
  '/terms',
  '/guidelines',
  '/login',
  '/signup',
  '/forgot-password',
  // Opened without a token (or with a used one): the page says the link is not valid and offers a new one.
  '/reset-password',
  '/verify-email',
  '/profile',
  '/notifications',
  '/mentor',
  '/admin',
  '/does-not-exist',
];

/** The pages that need someone signed in, and who. */
const SIGNED_IN: Partial<Record<string, 'student' | 'mentor' | 'admin'>> = {
  '/profile': 'student',
  '/notifications': 'student',
  '/mentor': 'mentor',
  '/admin': 'admin',
};

const TEXT = {
  en: { firstQuestion: 'What is Mentor Me?', openMenu: 'Open menu', menu: 'Menu' },
  vi: { firstQuestion: 'Mentor Me là gì?', openMenu: 'Mở menu', menu: 'Menu' },
} as const;

/** Waits until the page has settled: its h1 is shown and no request is pending. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The founders page swaps skeletons for numbers; wait until no part of the page is busy.
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

for (const locale of ['en', 'vi'] as const) {
  const viewport = { width: 1280, height: 900 };

  /** Opens the page, checks its language and waits until it has settled (and, for `/faq#open`, opens a question). */
  async function open(page: Page, path: string) {
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await settle(page);
    if (path === '/faq#open') {
      const question = page.getByRole('button', { name: TEXT[locale].firstQuestion });
      await question.click();
      await expect(question).toHaveAttribute('aria-expanded', 'true');
    }
  }

  test.describe(`axe ${locale} at 1280 px`, () => {
    // A visitor's pages in one tab, as a reader goes from page to page: a new tab for each costs more than axe does.
    let visitor: Page;
    test.beforeAll(async ({ browser }) => {
      const context = await browser.newContext({ viewport, baseURL: ORIGIN, serviceWorkers: 'block' });
      visitor = await context.newPage();
      await useLanguage(visitor, locale);
    });
    test.afterAll(async () => visitor.context().close());

    for (const path of PAGES.filter((page) => !SIGNED_IN[page])) {
      test(`${path}`, async () => {
        await visitor.goto(path === '/faq#open' ? '/faq' : path);
        await open(visitor, path);
        await expectNoViolations(visitor, `${path} (${locale}, 1280 px)`);
      });
    }
  });

  test.describe(`axe ${locale} at 1280 px, signed in`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => useLanguage(page, locale));

    for (const [path, role] of Object.entries(SIGNED_IN)) {
      test(`${path}`, async ({ page }) => {
        await signInFast(page, { role: role! }, path);
        await open(page, path);
        await expectNoViolations(page, `${path} (${locale}, 1280 px)`);
      });
    }
  });

  test.describe(`axe ${locale} at 360 px with the drawer open`, () => {
    test.use({ viewport: { width: 360, height: 740 } });
    test.beforeEach(async ({ page }) => useLanguage(page, locale));

    for (const path of ['/', '/login']) {
      test(`${path}`, async ({ page }) => {
        await page.goto(path);
        await settle(page);
        await expectNoViolations(page, `${path} (${locale}, 360 px)`);
        await page.getByRole('button', { name: TEXT[locale].openMenu }).click();
        await expect(page.getByRole('dialog', { name: TEXT[locale].menu })).toBeVisible();
        await expectNoViolations(page, `${path} (${locale}, 360 px, drawer open)`);
      });
    }
  });
}
