import { expect, type Locator } from '@playwright/test';
import { drawnOnly, tapDrawn, test, withoutTheApp } from './fixtures';

const MENU_BUTTON = '#site-header button[aria-label="Open menu"]';

/** The dialog a button opens (`aria-controls`). */
async function dialogOf(button: Locator) {
  return button.page().locator(`dialog[id="${await button.getAttribute('aria-controls')}"]`);
}

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
    const logo = page.locator('#site-header a[href="/"]').filter({ visible: true }).first();
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
    await tapDrawn(faq);
    await expect(page).toHaveURL('/faq');
    await expect(page.locator('#root > [inert]')).toHaveCount(1);
  });

  test('the language menu opens, a language tapped in it draws the page in it, and the next page too', async ({
    page,
  }) => {
    await drawnOnly(page, '/faq');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await tapDrawn(page.locator('#site-header button[aria-label^="Change language"]'));
    await tapDrawn(page.locator('#site-header a[hreflang="zh-Hans"]'));
    await expect(page).toHaveURL('/faq?lang=zh-Hans');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
    await expect(page.locator('#root > [inert] h1')).toHaveText('常见问题');

    const about = page.locator('footer a[href="/about"]');
    await about.scrollIntoViewIfNeeded();
    await tapDrawn(page.locator('footer a[href="/about"]'));
    await expect(page).toHaveURL('/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
    await expect(page.locator('#root > [inert]')).toHaveCount(1);
  });

  test('the phone’s menu opens, closes on its button and beside it, and a page tapped in it opens', async ({
    page,
  }) => {
    await drawnOnly(page, '/');
    const menu = await dialogOf(page.locator(MENU_BUTTON));
    await tapDrawn(page.locator(MENU_BUTTON));
    await expect(menu).toBeVisible();
    await expect(menu.locator('a[href="/resources"]')).toHaveText('Local Resources');
    await tapDrawn(menu.locator('button[aria-label="Close"]'));
    await expect(menu).toBeHidden();
    await tapDrawn(page.locator(MENU_BUTTON));
    // The dimmed page beside the menu's panel.
    await page.touchscreen.tap(350, 400);
    await expect(menu).toBeHidden();
    await tapDrawn(page.locator(MENU_BUTTON));
    await tapDrawn(menu.locator('a[href="/faq"]'));
    await expect(page).toHaveURL('/faq');
    await expect(page.locator('#root > [inert] h1')).toHaveText('Frequently Asked Questions');
  });

  test('Urgent help opens with the crisis lines to call, and closes', async ({ page }) => {
    await drawnOnly(page, '/faq');
    const button = page.locator('#site-header button', { hasText: 'SOS' });
    const help = await dialogOf(button);
    await expect(help).toBeHidden();
    await tapDrawn(button);
    await expect(help).toBeVisible();
    await expect(help.locator('button[aria-label="Close"]')).toBeFocused();
    await expect(help.locator('a[href="tel:131114"]')).toBeInViewport();
    await expect(help.locator('a[href="tel:000"]')).toBeInViewport();
    await tapDrawn(help.locator('button[aria-label="Close"]'));
    await expect(help).toBeHidden();
  });
});

test.describe('The phone’s menu opened before the app’s code has come', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('stays open as the app takes the page over, which then closes it', async ({ page }) => {
    let code: (() => Promise<void>) | undefined;
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => {
      code = () => route.continue();
    });
    await drawnOnly(page, '/');
    await tapDrawn(page.locator(MENU_BUTTON));
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(await dialogOf(page.locator(MENU_BUTTON))).toBeVisible();
    await expect.poll(() => code !== undefined).toBe(true);
    await code!();
    await expect(page.locator('[inert]')).toHaveCount(0);
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name: 'Close' }).click();
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
  });
});
