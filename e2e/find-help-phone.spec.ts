import { expect, type Page } from '@playwright/test';
import { expectNoViolations, useLanguage, test } from './fixtures';

/**
 * The find-help pages on a phone (decision 042): /government with its results first, ten at a time and the status
 * in one line when all is well; after a postcode search, on /government and /resources, the results scrolled to
 * and their count announced.
 */

const PHONE = { width: 360, height: 740 };
const resourceResults = (page: Page) => page.locator('section[aria-labelledby="resources-results"]');

test.describe('the government page at 360 px', () => {
  test.use({ viewport: PHONE });

  /** Every official online service answering, as the server says when all is well (this machine has no internet). */
  const allWell = {
    services: [
      'ImmiAccount',
      'Department of Home Affairs',
      'myGov',
      'Services Australia',
      'ATO',
      'Fair Work',
      'Study Australia',
    ].map((name, index) => ({
      id: `service-${index}`,
      name,
      url: 'https://www.example.gov.au/',
      status: 'operational',
      lastChecked: new Date().toISOString(),
    })),
  };

  test('results come first: one short search form, one line of status when all is well, then ten services', async ({
    page,
  }) => {
    await page.route('**/api/government/status', (route) => route.fulfill({ json: allWell }));
    await page.goto('/government');
    const results = page.getByRole('region', { name: 'All services' });
    await expect(results.getByRole('article')).toHaveCount(10);
    // One search form, with the words, the category, and a state or a postcode; no long texts before the results.
    await expect(page.getByRole('search')).toHaveCount(1);
    for (const label of ['Keyword', 'Category', 'State or territory', 'Postcode'])
      await expect(page.getByRole('search').getByLabel(label)).toBeVisible();
    await expect(page.getByText('Your state’s services, the nearest first')).toHaveCount(0);
    // The results start within the first two screens (after three before), below the emergency numbers.
    const heading = (await results.getByRole('heading', { name: 'All services' }).boundingBox())!;
    expect(heading.y).toBeLessThan(2 * PHONE.height);

    // All is well: the status is one line, that opens to each service.
    const status = page.getByRole('region', { name: 'Service status' });
    const line = status.getByText('Online services: all 7 answering');
    await expect(line).toBeVisible();
    expect((await status.boundingBox())!.height).toBeLessThan(56);
    await expect(status.getByText(/Checked every 5 minutes/)).toBeHidden();
    await line.click();
    await expect(status.getByRole('link', { name: /^myGov/ })).toBeVisible();
    await expect(status.getByText(/^Operational/)).toHaveCount(7);
    await expectNoViolations(page, '/government, the status opened (360 px)');
  });

  test('lists ten services at a time, and Back returns to the same place in the same list', async ({
    page,
  }) => {
    await page.goto('/government');
    const results = page.getByRole('region', { name: 'All services' });
    await expect(results.getByText(/^Showing 10 of \d+$/)).toBeVisible();
    const total = Number(
      (await results.getByText(/^Showing 10 of \d+$/).textContent())!.match(/of (\d+)/)![1],
    );
    expect(total).toBeGreaterThan(40);
    await expect(results.getByRole('article')).toHaveCount(10);
    // A phone page of ten services, not all of them (56,000 px once, 17,000 px with twenty).
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(11_000);

    await results.getByRole('button', { name: 'Show 10 More' }).click();
    await expect(results.getByText(`Showing 20 of ${total}`)).toBeVisible();
    await expect(results.getByRole('article').nth(10)).toBeFocused();
    const card = results.getByRole('article').nth(15);
    await card.scrollIntoViewIfNeeded();
    const name = (await card.getByRole('heading').textContent())!;
    await expect(page).toHaveURL(/shown=20/);

    // Away by the header, which stays in view, so the place left is the card's.
    await page.getByRole('banner').getByRole('link', { name: 'Mentor Me' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Community Questions' })).toBeVisible();
    await page.goBack();
    await expect(results.getByText(`Showing 20 of ${total}`)).toBeVisible();
    await expect(results.getByRole('heading', { name, exact: true })).toBeInViewport();
  });

  for (const locale of ['en', 'vi'] as const) {
    const words = {
      en: {
        postcode: 'Postcode',
        heading: 'Services for Footscray, VIC 3011',
        count: /^(\d+ services|Showing 10 of \d+)$/,
      },
      vi: {
        postcode: 'Mã bưu điện (postcode)',
        heading: 'Dịch vụ cho Footscray, VIC 3011',
        count: /^(\d+ dịch vụ|Đang hiển thị 10 trên \d+)$/,
      },
    }[locale];

    test(`after a postcode search the results are scrolled to and announced, on /government (${locale})`, async ({
      page,
    }) => {
      await useLanguage(page, locale);
      await page.goto('/government');
      await expect(
        page.locator('section[aria-labelledby="government-results"]').getByRole('article').first(),
      ).toBeVisible();
      await page.getByLabel(words.postcode).fill('3011');
      await page.getByLabel(words.postcode).press('Enter');
      const heading = page.getByRole('heading', { name: words.heading });
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport();
      // The count is in a polite live region (role status), there before the answer came.
      const results = page.getByRole('region', { name: words.heading });
      await expect(results.getByRole('status')).toHaveText(words.count);
    });
  }
});

test.describe('/resources at 360 px', () => {
  test.use({ viewport: PHONE });

  for (const locale of ['en', 'vi'] as const) {
    const words = {
      en: { postcode: 'Or enter a postcode', count: /^\d+ organisations? · Within \d+ km$/ },
      vi: { postcode: 'Hoặc nhập mã bưu điện (postcode)', count: /^\d+ tổ chức · Trong vòng \d+ km$/ },
    }[locale];

    test(`after a postcode search the results are scrolled to and announced (${locale})`, async ({
      page,
    }) => {
      await useLanguage(page, locale);
      await page.goto('/resources');
      await page.getByLabel(words.postcode).fill('3011');
      await page.getByLabel(words.postcode).press('Enter');
      const heading = resourceResults(page).getByRole('heading', { level: 2, name: 'Footscray, VIC 3011' });
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport();
      // The count is in a polite live region (role status), there before the answer came.
      await expect(resourceResults(page).getByRole('status')).toHaveText(words.count);
      await expect(resourceResults(page).getByRole('article').first()).toBeVisible();
      // Choosing a category is not a new search: focus stays on the chip chosen.
      const chip = resourceResults(page).getByRole('button', { name: /^(Legal|Pháp lý) \(\d+\)$/ });
      await chip.click();
      await expect(chip).toBeFocused();
    });
  }
});
