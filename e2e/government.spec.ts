import { expect, type Page } from '@playwright/test';
import { expectNoViolations, useLanguage, test, chooseLanguage } from './fixtures';

/** The result cards: one article per service, named by its title. */
const cards = (page: Page) =>
  page.locator('section[aria-labelledby="government-results"]').getByRole('article');

test('the government page shows the status of the official online services', async ({ page }) => {
  await page.goto('/government');
  await expect(page.getByRole('heading', { level: 1, name: 'Government Support Resources' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Service status' })).toBeVisible();
  // One line says how they are (this machine has no internet: none can be checked), each behind "Each service".
  await expect(
    page.getByText(
      /^(All 7 official online services are answering\.|\d of 7 official online services are .*|The official online services cannot be checked from here right now\.)$/,
    ),
  ).toBeVisible();
  await page.getByText('Each service', { exact: true }).click();
  for (const name of [
    'ImmiAccount',
    'Department of Home Affairs',
    'myGov',
    'Services Australia',
    'Australian Taxation Office',
    'Fair Work Ombudsman',
    'Study Australia',
  ]) {
    const link = page.getByRole('link', { name: new RegExp(`^${name}.*opens in a new tab`, 'i') }).first();
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /^https:\/\//);
  }
  // Each shows one of the four states in words, not only as a colour.
  const statuses = page.getByText(/^(Operational|Slow or having problems|Not answering|Unknown)/);
  await expect(statuses).toHaveCount(7);
});

test('emergency numbers are at the top of both find-help pages, as phone links', async ({ page }) => {
  for (const path of ['/government', '/resources']) {
    await page.goto(path);
    const numbers = page.getByRole('region', { name: /Need help right now/ });
    const lines: [string, string][] = [
      ['000', 'tel:000'],
      ['13 11 14', 'tel:131114'],
      ['1800 737 732', 'tel:1800737732'],
      ['131 450', 'tel:131450'],
    ];
    for (const [number, tel] of lines)
      await expect(numbers.getByRole('link', { name: new RegExp(`^${number}`) })).toHaveAttribute(
        'href',
        tel,
      );
  }
});

test('lists every service, and searches by keyword with Enter, category and state', async ({ page }) => {
  await page.goto('/government');
  await expect(page.getByRole('heading', { name: 'All services' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  // Ten at a time, of every service.
  await expect(page.getByText(/^Showing 10 of \d+$/)).toBeVisible();
  const total = Number((await page.getByText(/^Showing 10 of \d+$/).textContent())!.match(/of (\d+)/)![1]);
  expect(total).toBeGreaterThanOrEqual(80);
  await expect(cards(page)).toHaveCount(10);

  await page.getByLabel('Keyword').fill('medicar');
  await page.getByLabel('Keyword').press('Enter');
  await expect(cards(page).first().getByRole('heading', { level: 3 })).toContainText('Medicare');

  await page.getByLabel('Keyword').fill('');
  await page.getByLabel('Category').first().selectOption('legal');
  await page.getByLabel('State or territory').selectOption('TAS');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(cards(page).first()).toContainText('Tasmania');
  // Retried until the list has moved on from the previous search's.
  await expect(cards(page).filter({ hasNotText: 'Legal' })).toHaveCount(0);
  await expect(cards(page).filter({ hasNotText: /Tasmania|Australia-wide/ })).toHaveCount(0);
});

test('a search with no results says so and offers every service again', async ({ page }) => {
  await page.goto('/government');
  await page.getByLabel('Keyword').fill('zzqxv nothing like this');
  await page.getByLabel('Keyword').press('Enter');
  await expect(page.getByRole('heading', { name: 'No resources found' })).toBeVisible();
  await expect(
    page.getByText('Try adjusting your search criteria or browse all available resources'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Browse All Resources' }).click();
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByLabel('Keyword')).toHaveValue('');
});

test('a postcode search replaces the general results with the state’s and the national services', async ({
  page,
}) => {
  await page.goto('/government');
  await expect(cards(page).first()).toBeVisible();
  // A blank postcode does not search.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'All services' })).toBeVisible();

  await page.getByLabel('Postcode').fill('3011');
  await page.getByLabel('Postcode').press('Enter');
  await expect(page.getByRole('heading', { name: 'Services for Footscray, VIC 3011' })).toBeVisible();
  await expect(cards(page).first()).toContainText('Victoria');
  const text = await page.locator('section[aria-labelledby="government-results"]').innerText();
  expect(text).not.toContain('New South Wales');

  await page.getByRole('button', { name: 'Show All Services' }).click();
  await expect(page.getByRole('heading', { name: 'All services' })).toBeVisible();
});

test('one form searches words, a category and a postcode; the address keeps them for Back and a shared link', async ({
  page,
}) => {
  await page.goto('/government');
  await expect(cards(page).first()).toBeVisible();
  await page.getByLabel('Keyword').fill('legal aid');
  await page.getByLabel('Category').selectOption('legal');
  await page.getByLabel('State or territory').selectOption('QLD');
  // A postcode or a state: typing a postcode clears the state.
  await page.getByLabel('Postcode').fill('3011');
  await expect(page.getByLabel('State or territory')).toHaveValue('all');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Services for Footscray, VIC 3011' })).toBeVisible();
  await expect(page).toHaveURL(/\/government\?keyword=legal\+aid&category=legal&postcode=3011$/);
  await expect(cards(page).first()).toContainText('Legal');
  await expect(cards(page).filter({ hasNotText: 'Legal' })).toHaveCount(0);

  // A shared link opens the same search, filled in.
  const shared = page.url();
  await page.goto('/faq');
  await page.goto(shared);
  await expect(page.getByRole('heading', { name: 'Services for Footscray, VIC 3011' })).toBeVisible();
  await expect(page.getByLabel('Keyword')).toHaveValue('legal aid');
  await expect(page.getByLabel('Category')).toHaveValue('legal');
  await expect(page.getByLabel('Postcode')).toHaveValue('3011');
  // Back returns to the page before, with its own search.
  await page.goBack();
  await expect(page).toHaveURL(/\/faq$/);
  await page.goBack();
  await expect(page.getByLabel('Postcode')).toHaveValue('3011');
  // Choosing a state clears the postcode.
  await page.getByLabel('State or territory').selectOption('TAS');
  await expect(page.getByLabel('Postcode')).toHaveValue('');
});

test('a postcode that does not exist gets the spec’s message', async ({ page }) => {
  await page.goto('/government');
  await page.getByLabel('Postcode').fill('0000');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Enter a valid Australian postcode')).toBeVisible();
  await expect(page.getByLabel('Postcode')).toHaveAttribute('aria-invalid', 'true');
});

test('and in Vietnamese', async ({ page }) => {
  await useLanguage(page, 'vi');
  await page.goto('/government');
  await page.getByLabel('Mã bưu điện (postcode)').fill('abcd');
  await page.getByLabel('Mã bưu điện (postcode)').press('Enter');
  await expect(page.getByText('Hãy nhập một mã bưu điện (postcode) hợp lệ của Úc')).toBeVisible();
});

test('a card opens its details, with the source, and its website in a new tab', async ({ page }) => {
  await page.goto('/government');
  await page.getByLabel('Keyword').fill('Fair Work Ombudsman');
  await page.getByLabel('Keyword').press('Enter');
  const card = cards(page).first();
  await expect(card).toContainText('Fair Work');
  await expect(card.getByRole('link', { name: /Visit Website/ })).toHaveAttribute('target', '_blank');
  await card.getByRole('button', { name: /View Details/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Where these facts come from')).toBeVisible();
  await expect(dialog.getByRole('link', { name: /^https:\/\// })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('switching to Vietnamese asks again and shows the services in Vietnamese', async ({ page }) => {
  await page.goto('/government');
  await page.getByLabel('Keyword').fill('Fair Work Ombudsman');
  await page.getByLabel('Keyword').press('Enter');
  const card = cards(page).first();
  await expect(card.getByRole('heading', { level: 3 })).toHaveText('Fair Work Ombudsman');
  await expect(card).toContainText('13 13 94');

  const asked = page.waitForRequest((request) =>
    /\/api\/government\/resources\?.*lang=vi/.test(request.url()),
  );
  await chooseLanguage(page, 'Tiếng Việt');
  expect((await asked).url()).toContain('keyword=Fair+Work+Ombudsman');
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(
    'Thanh tra Lao động Công bằng (Fair Work Ombudsman)',
  );
  await expect(card).toContainText('Cơ quan chính phủ tư vấn miễn phí về lương');
  await expect(card.getByRole('link', { name: '13 13 94' })).toHaveAttribute('href', 'tel:131394');
});

test('the whole page is in Vietnamese', async ({ page }) => {
  await useLanguage(page, 'vi');
  await page.goto('/government');
  await expect(page.getByRole('heading', { name: 'Tình trạng dịch vụ' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tất cả dịch vụ' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Xem chi tiết/ }).first()).toBeVisible();
});

for (const width of [360, 1280]) {
  test(`has no axe violations with results and details open at ${width} px, and fits the screen`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/government');
    await page.getByLabel('Postcode').fill('2150');
    await page.getByLabel('Postcode').press('Enter');
    await expect(page.getByRole('heading', { name: /Services for Parramatta/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoViolations(page, `/government results (${width} px)`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await cards(page)
      .first()
      .getByRole('button', { name: /View Details/ })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page, `/government details (${width} px)`);
  });
}
