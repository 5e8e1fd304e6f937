import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { expectNoViolations, toast, useLanguage, test, chooseLanguage } from './fixtures';

/** An organisation as content/resources writes it: the page is checked against the curated facts. */
type Organisation = { id: string; name: string; state: string; description: { en: string; vi: string } };
function organisations(state: string): Organisation[] {
  const file = new URL(`../content/resources/${state.toLowerCase()}.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { organisations: Organisation[] }).organisations;
}

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
    await page.getByRole('button', { name: 'Share My Location' }).click();
    await expect(page.getByRole('heading', { name: 'Near Sydney, NSW' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Location' })).toBeVisible();
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
    // Every card is a legal one, once the list has moved on from the previous category's.
    await expect(results(page).getByRole('article').first()).toContainText('Legal');
    await expect(results(page).getByRole('article').filter({ hasNotText: 'Legal' })).toHaveCount(0);
  });
});

test.describe('with location shared in Melbourne', () => {
  test.use({ geolocation: MELBOURNE, permissions: ['geolocation'] });

  test('shows Melbourne’s organisations, with address, map link and phone link', async ({ page }) => {
    await page.goto('/resources');
    await page.getByRole('button', { name: 'Share My Location' }).click();
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
  await page.getByRole('button', { name: 'Share My Location' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Location access denied. Please enable location permissions.',
  );
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
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
      .getByRole('article')
      .first()
      .getByText(/^[\d.]+ km away$/),
  ).toBeVisible();
  const km = await distances(page);
  expect(km.length).toBe(await results(page).getByRole('article').count());
  expect(km).toEqual([...km].sort((a, b) => a - b));

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
        total: 0,
        page: 1,
        pageSize: 0,
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
  await expect(page.getByRole('link', { name: 'Search Government Services' })).toHaveAttribute(
    'href',
    '/government',
  );
});

test('says where the results would be when the directory cannot be reached, and asks again on Try again', async ({
  page,
}) => {
  let down = true;
  await page.route('**/api/resources?*', (route) =>
    down ? route.fulfill({ status: 503, body: '{"error":"Down"}' }) : route.fallback(),
  );
  await page.goto('/resources');
  await page.getByRole('button', { name: 'Sydney', exact: true }).click();
  await expect(toast(page, 'Failed to get location details')).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: 'The organisations could not be loaded.' });
  await expect(alert).toBeVisible();
  down = false;
  await alert.getByRole('button', { name: 'Try Again' }).click();
  await expect(alert).toHaveCount(0);
  await expect(results(page).getByRole('article').first()).toBeVisible();
});

/** "Showing 20 of 77" as its two numbers. */
async function showing(page: Page): Promise<[number, number]> {
  const text = await results(page)
    .getByText(/^(Showing|Đang hiển thị) \d+ (of|trên) \d+$/)
    .innerText();
  const [shown, total] = text.match(/\d+/g)!.map(Number);
  return [shown!, total!];
}

test('browses the whole directory a page at a time, with a total and no distances', async ({ page }) => {
  await page.goto('/resources');
  await page.getByRole('button', { name: 'Browse All Resources' }).click();
  await expect(page.getByRole('heading', { name: 'All resources' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'All states and territories' })).toBeVisible();
  await expect(results(page).getByText(/^Showing 20 of \d+$/)).toBeVisible();
  const [, total] = await showing(page);
  expect(total).toBeGreaterThan(40);
  await expect(results(page).getByRole('article')).toHaveCount(20);
  await expect(results(page).getByText(/km away$/)).toHaveCount(0);
  // Each card says where its facts come from and when they were checked.
  const first = results(page).getByRole('article').first();
  await expect(first.getByRole('link', { name: /^Source: / })).toHaveAttribute('href', /^https:\/\//);
  await expect(first).toContainText(/checked \d{1,2} \w+ 20\d\d/);
  // The directory starts with New South Wales.
  await expect(first).toContainText('NSW');

  // By keyboard: the next page comes, and focus moves to its first card.
  await page.getByRole('button', { name: 'Show 20 More' }).focus();
  await page.keyboard.press('Enter');
  await expect(results(page).getByText(`Showing 40 of ${total}`)).toBeVisible();
  await expect(results(page).getByRole('article')).toHaveCount(40);
  await expect(results(page).getByRole('article').nth(20)).toBeFocused();

  // Back to searching near a place.
  await page.getByRole('button', { name: 'Search Near a Place' }).click();
  await expect(page.getByRole('heading', { name: 'Your location' })).toBeFocused();
  await expect(page.getByLabel('Or enter a postcode')).toBeVisible();
});

test('filters the directory by state and category', async ({ page }) => {
  const tasmania = organisations('TAS');
  await page.goto('/resources');
  await page.getByRole('button', { name: 'Browse All Resources' }).click();
  await expect(results(page).getByText(/^Showing 20 of \d+$/)).toBeVisible();

  await page.getByLabel('State or territory').selectOption('TAS');
  await expect(page.getByRole('heading', { level: 2, name: 'Tasmania' })).toBeVisible();
  await expect(results(page).getByText(`Showing ${tasmania.length} of ${tasmania.length}`)).toBeVisible();
  const cards = results(page).getByRole('article');
  await expect(cards).toHaveCount(tasmania.length);
  for (const card of await cards.all()) await expect(card).toContainText(/ TAS 7\d{3}/);
  await expect(page.getByRole('button', { name: /^Show \d+ More$/ })).toHaveCount(0);

  const chips = page.getByRole('group', { name: 'Categories' });
  await expect(chips.getByRole('button', { name: `All (${tasmania.length})` })).toBeVisible();
  await chips.getByRole('button', { name: /^Legal \(/ }).click();
  await expect(chips.getByRole('button', { name: /^Legal \(/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.first()).toBeVisible();
  // Retried until the list has moved on from every category's.
  await expect(cards.filter({ hasNotText: 'Legal' })).toHaveCount(0);
  await expect(cards.filter({ hasNotText: / TAS 7\d{3}/ })).toHaveCount(0);

  // The address keeps the list: a reload shows it again, and Back returns to searching near a place.
  await expect(page).toHaveURL(/\/resources\?view=all&state=TAS&category=legal$/);
  await page.reload();
  await expect(page.getByLabel('State or territory')).toHaveValue('TAS');
  await expect(chips.getByRole('button', { name: /^Legal \(/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.filter({ hasNotText: 'Legal' })).toHaveCount(0);
  await page.goBack();
  await expect(page.getByLabel('Or enter a postcode')).toBeVisible();
});

test('switching to Vietnamese asks again and shows the Vietnamese descriptions', async ({ page }) => {
  const organisation = organisations('TAS')[0]!;
  await page.goto('/resources');
  await page.getByRole('button', { name: 'Browse All Resources' }).click();
  await page.getByLabel('State or territory').selectOption('TAS');
  const card = results(page).getByRole('article', { name: organisation.name });
  await expect(card).toContainText(organisation.description.en);

  const asked = page.waitForRequest((request) => /\/api\/resources\?.*lang=vi/.test(request.url()));
  await chooseLanguage(page, 'Tiếng Việt');
  expect((await asked).url()).toContain('state=TAS');
  await expect(card).toContainText(organisation.description.vi);
  await expect(card).not.toContainText(organisation.description.en);
  await expect(page.getByRole('heading', { name: 'Tất cả dịch vụ' })).toBeVisible();
  await expect(page.getByLabel('Bang hoặc vùng lãnh thổ', { exact: true })).toHaveValue('TAS');
  await expect(card).toContainText(/kiểm tra ngày/);
});

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ geolocation: SYDNEY, permissions: ['geolocation'], viewport: { width, height: 800 } });
    test('has no axe violations with results, and fits the screen', async ({ page }) => {
      await page.goto('/resources');
      await expectNoViolations(page, `/resources (${width} px)`);
      await page.getByRole('button', { name: 'Share My Location' }).click();
      await expect(page.getByRole('heading', { name: 'Near Sydney, NSW' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page, `/resources with results (${width} px)`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    // English at 1280 px and Vietnamese (whose texts are the longer) at 360 px.
    for (const locale of width === 360 ? (['vi'] as const) : (['en'] as const)) {
      test(`has no axe violations when browsing, in ${locale}, and fits the screen`, async ({ page }) => {
        await useLanguage(page, locale);
        await page.goto('/resources');
        await page
          .getByRole('button', { name: locale === 'vi' ? 'Xem tất cả dịch vụ' : 'Browse all resources' })
          .click();
        await expect(results(page).getByRole('article')).toHaveCount(20);
        await page.getByRole('button', { name: locale === 'vi' ? 'Xem thêm 20' : 'Show 20 More' }).click();
        await expect(results(page).getByRole('article')).toHaveCount(40);
        await page.waitForLoadState('networkidle');
        await expectNoViolations(page, `/resources browsing in ${locale} (${width} px)`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  });
}
