import { expect, type BrowserContext, type Page } from '@playwright/test';
import { accountMenuButton, createUser, expectNoViolations, fillLogin, useLanguage, test } from './fixtures';

/** Installable, and useful without a connection (issue #14, item 10): the manifest and the service worker. */

test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker has kept the app and controls the page. */
async function kept(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
}

/** No connection: the pages' requests and the service worker's own fail as they would on a phone without one. */
async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**', (route) =>
    route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback(),
  );
}

async function goOnline(context: BrowserContext) {
  await context.unrouteAll();
  await context.setOffline(false);
}

const banner = (page: Page) =>
  page.getByRole('status').filter({ hasText: /offline|ngoại tuyến|cannot be reached/ });

test('the app can be installed: a manifest with its icons', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await request.get(href!)).json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Mentor Me', start_url: '/', display: 'standalone' });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const answer = await request.get(icon.src);
    expect(answer.status(), icon.src).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/png');
  }
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

test('without a connection the crisis numbers, FAQ, About and the pages read still open, and the page says so', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await kept(page);
  // Read the feed and a question while connected: their answers are kept.
  await page.reload();
  const first = page.getByRole('main').getByRole('article').first().getByRole('link').first();
  const title = (await first.textContent())!.trim();
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const questionPath = new URL(page.url()).pathname;
  await expect(banner(page)).toHaveCount(0);

  await goOffline(context);
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  await expect(banner(page)).toContainText('You are offline.');
  await expect(banner(page)).toContainText('asking, answering, chat and Chloe need a connection.');
  await expectNoViolations(page, 'FAQ offline');

  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Mentor Me' })).toBeVisible();

  // The crisis numbers are part of the app, not of an answer.
  await page.getByRole('button', { name: 'Urgent Help' }).first().click();
  await expect(page.getByRole('dialog')).toContainText('000');
  await expect(page.getByRole('dialog')).toContainText('13 11 14');
  await page.keyboard.press('Escape');

  // The question read earlier opens from its kept copy, and the banner says when it was saved.
  await page.goto(questionPath);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(banner(page)).toContainText('Showing a copy saved on');
  await expect(page).toHaveTitle(new RegExp(title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));

  await page.goto('/');
  await expect(page.getByRole('main').getByRole('link', { name: title }).first()).toBeVisible();

  // Connected again: the page comes from the server and the banner goes.
  await goOnline(context);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Community Questions' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test('the offline banner speaks Vietnamese', async ({ page, context }) => {
  await useLanguage(page, 'vi');
  await page.goto('/faq');
  await kept(page);
  await goOffline(context);
  await page.goto('/about');
  await expect(banner(page)).toContainText('Bạn đang ngoại tuyến.');
  await expect(banner(page)).toContainText('Chloe cần có mạng');
});

test('signing in forgets the answers kept for the visitor before', async ({ page, request }) => {
  const user = await createUser(request);
  await page.goto('/');
  await kept(page);
  await page.reload();
  await page.getByRole('main').getByRole('article').first().getByRole('link').first().click();
  const questionApi = `/api${new URL(page.url()).pathname}`;
  const keptPaths = () =>
    page.evaluate(async () => {
      const cache = await caches.open('mentorme-saved-answers');
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    });
  await expect.poll(keptPaths).toContain(questionApi);

  await page.goto('/login');
  await fillLogin(page, user.email, user.password);
  await expect(accountMenuButton(page)).toBeVisible();
  await expect.poll(keptPaths).not.toContain(questionApi);
});
