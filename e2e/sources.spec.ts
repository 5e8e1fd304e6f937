import { expect } from '@playwright/test';
import { WEAK_SOURCES } from '../content/source-rules';
import { expectNoViolations, LANGUAGE_KEY, useLanguage, test } from './fixtures';

/** Sources readers can trust (decision 042): the directory's "Source" links, and what an entry without one says. */

const STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'];

test('no directory Source link points to a blog, a news story, a tourist site, GitHub or an aggregator', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const results = page.locator('section[aria-labelledby="resources-results"]');
  let withSource = 0;
  let without = 0;
  for (const state of STATES) {
    await page.goto(`/resources?view=all&state=${state}`);
    const showing = results.getByText(/^Showing \d+ of \d+$/);
    await expect(results.getByRole('article').first()).toBeVisible();
    // Every page of the state's directory, twenty at a time.
    while (await showing.isVisible()) {
      const [shown, total] = (await showing.innerText()).match(/\d+/g)!.map(Number);
      if (shown === total) break;
      await results.getByRole('button', { name: /^Show \d+ More$/ }).click();
      await expect(results.getByRole('article')).toHaveCount(Math.min(total!, shown! + 20));
    }
    const cards = await results.getByRole('article').all();
    for (const card of cards) {
      const source = card.getByRole('link', { name: /^Source: / });
      if ((await source.count()) === 0) {
        await expect(card.getByText('No official source yet')).toBeVisible();
        without += 1;
        continue;
      }
      const href = (await source.getAttribute('href'))!;
      const weak = WEAK_SOURCES.find((rule) => rule.pattern.test(href));
      expect(weak, `${state}: ${href}`).toBeUndefined();
      withSource += 1;
    }
  }
  expect(withSource).toBeGreaterThan(without);
  expect(without).toBeGreaterThan(0);
});

test('an organisation without an official source says so, in English and in Vietnamese', async ({ page }) => {
  await page.goto('/resources/perth-city-library');
  await expect(page.getByRole('heading', { level: 1, name: 'Perth City Library' })).toBeVisible();
  await expect(page.getByText('No official source yet')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Source/ })).toHaveCount(0);
  await expect(page.locator('a[href*="github.com"]')).toHaveCount(0);
  await expectNoViolations(page, '/resources/:id without a source');

  await page.evaluate((key) => localStorage.setItem(key, 'vi'), LANGUAGE_KEY);
  await page.reload();
  await expect(page.getByText('Chưa có nguồn chính thức')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Nguồn/ })).toHaveCount(0);
});

test('help in Vietnamese for Victoria starts with a general community service, not an aged-care home', async ({
  page,
}) => {
  await useLanguage(page, 'vi');
  await page.goto('/government?state=VIC');
  const help = page.getByRole('region', { name: 'Giúp đỡ bằng tiếng Việt' });
  await expect(help.getByRole('heading', { name: 'Tại Victoria' })).toBeVisible();
  const inState = help.getByRole('list').first().getByRole('listitem');
  await expect(inState.first()).toContainText('Vietnamese Community in Australia – Victoria Chapter');
  const names = await inState.getByRole('link').filter({ hasNotText: /^\d/ }).allInnerTexts();
  const agedCare = names.findIndex((name) => name.includes('Aged Care'));
  expect(agedCare).toBeGreaterThan(0);
});
