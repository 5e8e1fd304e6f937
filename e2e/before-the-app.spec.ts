import { expect } from '@playwright/test';
import { drawnOnly, test, withoutTheApp } from './fixtures';

test.describe('Links before the app’s code has come', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });
  test.beforeEach(async ({ page }) => withoutTheApp(page));

  test('a tap on a question in the page the server drew opens its page, drawn with the question', async ({
    page,
  }) => {
    await drawnOnly(page, '/');
    const link = page.locator('article h3 a').first();
    const href = (await link.getAttribute('href'))!;
    const title = (await link.textContent())!.trim();
    await link.scrollIntoViewIfNeeded();
    const box = (await link.boundingBox())!;
    // On the first line of the title (between two lines of a link lies its heading).
    await page.touchscreen.tap(box.x + 10, box.y + 10);
    await expect(page).toHaveURL(href);
    await expect(page.locator('#root > [inert] h1')).toHaveText(title);
  });

  test('a tap on the sticky header over a card opens the header’s link, not the card’s under it', async ({
    page,
  }) => {
    await drawnOnly(page, '/');
    const logo = page.locator('#site-header a[href="/"]').first();
    const card = page.locator('article h3 a').nth(3);
    const logoBox = (await logo.boundingBox())!;
    const middle = logoBox.y + logoBox.height / 2;
    await page.evaluate((by) => window.scrollBy(0, by), (await card.boundingBox())!.y + 10 - middle);
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.y).toBeLessThan(middle);
    expect(cardBox.y + cardBox.height).toBeGreaterThan(middle);
    const loaded = page.waitForEvent('load', { timeout: 7_000 });
    await page.touchscreen.tap(logoBox.x + 10, middle);
    await loaded;
    await expect(page).toHaveURL('/');

    await drawnOnly(page, '/');
    const faq = page.locator('footer a[href="/faq"]');
    await faq.scrollIntoViewIfNeeded();
    const box = (await faq.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page).toHaveURL('/faq');
    await expect(page.locator('#root > [inert]')).toHaveCount(1);
  });

  test('the language menu opens, a language tapped in it draws the page in it, and the next page too', async ({
    page,
  }) => {
    await drawnOnly(page, '/faq');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const tap = async (selector: string) => {
      const box = (await page.locator(selector).boundingBox())!;
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    };
    await tap('#site-header button[aria-label^="Change language"]');
    await tap('#site-header a[hreflang="zh-Hans"]');
    await expect(page).toHaveURL('/faq?lang=zh-Hans');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
    await expect(page.locator('#root > [inert] h1')).toHaveText('常见问题');

    const about = page.locator('footer a[href="/about"]');
    await about.scrollIntoViewIfNeeded();
    await tap('footer a[href="/about"]');
    await expect(page).toHaveURL('/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
    await expect(page.locator('#root > [inert]')).toHaveCount(1);
  });
});
