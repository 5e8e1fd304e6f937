import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations, toast, useLanguage } from './fixtures';

const SYDNEY = { latitude: -33.8688, longitude: 151.2093 };
const MELBOURNE = { latitude: -37.8136, longitude: 144.9631 };

const results = (page: Page) => page.locator('section[aria-labelledby="resources-results"]');
/** Distances of the result cards, in the order shown. */
async function distances(page: Page): Promise<number[]> {
  const texts = await results(page)
    .getByText(/^[\d.,]+ km away$/)
    .allInnerTexts();
  return texts.map((text) => Number(text.replace(/[^\d.]/g, '')));
}

/** Replaces the browser's geolocation with one that fails with this error code (1 denied, 3 timed out). */
async function failGeolocation(page: Page, code: 1 | 2 | 3) {
  await page.addInitScript((errorCode) => {
    navigator.geolocation.getCurrentPosition = (_success, error) =>
      setTimeout(
        () =>
          error?.({
            code: errorCode,
            message: 'test',
            PERMISSION_DENIED: 1,
            POSITION_UNAVAILABLE: 2,
            TIMEOUT: 3,
          } as GeolocationPositionError),
        50,
      );
  }, code);
}

test.describe('with location shared in Sydney', () => {
  test.use({ geolocation: SYDNEY, permissions: ['geolocation'] });

  test('shows the organisations near Sydney, nearest first, with category chips', async ({ page }) => {
    await page.goto('/resources');
    await expect(page.getByText('Share your location, enter a postcode or choose a city')).toBeVisible();
    await page.getByRole('button', { name: 'Share my location' }).click();
    await expect(page.getByRole('heading', { name: 'Near Sydney, NSW' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update location' })).toBeVisible();
    await expect(
      results(page)
        .getByText(/km away$/)
        .first(),
    ).toBeVisible();
    const km = await distances(page);
    expect(km.length).toBeGreaterThan(0);
    expect(km).toEqual([...km].sort((a, b) => a - b));

    const chips = page.getByRole('group', { name: 'Categories' });
    await expect(chips.getByRole('button', { name: /^All \(\d+\)$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await chips.getByRole('button', { name: /^Legal \(/ }).click();
    await expect(chips.getByRole('button', { name: /^Legal \(/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(
      results(page)
        .getByText(/km away$/)
        .first(),
    ).toBeVisible();
    for (const card of await results(page).getByRole('article').all())
      await expect(card).toContainText('Legal');
  });
});

test.describe('with location shared in Melbourne', () => {
  test.use({ geolocation: MELBOURNE, permissions: ['geolocation'] });

  test('shows Melbourne’s organisations, with address, map link and phone link', async ({ page }) => {
    await page.goto('/resources');
    await page.getByRole('button', { name: 'Share my location' }).click();
    await expect(page.getByRole('heading', { name: 'Near Melbourne, VIC' })).toBeVisible();
    await expect(page.getByText('Within 10 km')).toBeVisible();
    const first = results(page).getByRole('article').first();
    await expect(first).toContainText('VIC 3');
    await expect(first.getByRole('link', { name: /opens a map/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/search\//,
    );
    const km = await distances(page);
    expect(km[0]).toBeLessThan(10);
    const phone = results(page).locator('a[href^="tel:"]').first();
    await expect(phone).toHaveAttribute('href', /^tel:\d+$/);
  });
});

test('explains a denied permission and offers to try again', async ({ page }) => {
  await failGeolocation(page, 1);
  await page.goto('/resources');
  await page.getByRole('button', { name: 'Share my location' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Location access denied. Please enable location permissions.',
  );
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('explains a timed-out request, in Vietnamese too', async ({ page }) => {
  await failGeolocation(page, 3);
  await useLanguage(page, 'vi');
  await page.goto('/resources');
  await page.getByRole('button', { name: 'Chia sẻ vị trí của tôi' }).click();
  await expect(page.getByRole('alert')).toHaveText('Hết thời gian chờ lấy vị trí.');
  await expect(page.getByRole('button', { name: 'Thử lại' })).toBeVisible();
});

test('searches by postcode and by city, and refuses a postcode that does not exist', async ({ page }) => {
  await page.goto('/resources');
  await page.getByLabel('Or enter a postcode').fill('0000');
  await page.getByLabel('Or enter a postcode').press('Enter');
  await expect(page.getByText('Enter a valid Australian postcode')).toBeVisible();

  await page.getByLabel('Or enter a postcode').fill('7000');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Hobart, TAS 7000' })).toBeVisible();
  await expect(
    results(page)
      .getByText(/km away$/)
      .first(),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Darwin', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Darwin, NT 0800' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Darwin', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('says when nothing of a kind is near, and where to look instead', async ({ page }) => {
  // An area the directory does not cover yet (the answer the server gives for it).
  await page.route('**/api/resources?*', (route) =>
    route.fulfill({
      json: {
        place: { postcode: '0870', locality: 'Alice Springs', state: 'NT' },
        requestedRadiusKm: 10,
        radiusKm: null,
        counts: { all: 0 },
        resources: [],
      },
    }),
  );
  await page.goto('/resources');
  await page.getByRole('button', { name: 'Alice Springs' }).click();
  await expect(page.getByRole('heading', { name: 'Alice Springs, NT 0870' })).toBeVisible();
  await expect(
    page.getByText('Nothing within 100 km, so these are elsewhere in Northern Territory.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No resources found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Search government services' })).toHaveAttribute(
    'href',
    '/government',
  );
});

test('shows a toast when the directory cannot be reached', async ({ page }) => {
  await page.route('**/api/resources?*', (route) => route.fulfill({ status: 503, body: '{"error":"Down"}' }));
  await page.goto('/resources');
  await page.getByRole('button', { name: 'Sydney', exact: true }).click();
  await expect(toast(page, 'Failed to get location details')).toBeVisible();
});

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ geolocation: SYDNEY, permissions: ['geolocation'], viewport: { width, height: 800 } });
    test('has no axe violations with results, and fits the screen', async ({ page }) => {
      await page.goto('/resources');
      await expectNoViolations(page, `/resources (${width} px)`);
      await page.getByRole('button', { name: 'Share my location' }).click();
      await expect(page.getByRole('heading', { name: 'Near Sydney, NSW' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page, `/resources with results (${width} px)`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}
