import { expect } from '@playwright/test';
import { expectNoViolations, signInFast, toast, useLanguage, test } from './fixtures';

const LIBRARY = 'Kingston Library';
const BROWSE = '/resources?view=all&state=TAS&category=education';

test('a reader reports a wrong phone number, an admin corrects it from the queue, and the card shows it', async ({
  page,
  browser,
}) => {
  // A visitor, with no account, says the number is wrong.
  // A new number each run, so the test can run again on the same database.
  const newPhone = `03 6165 ${String(1000 + Math.floor(Math.random() * 9000))}`;
  await page.goto(BROWSE);
  const card = page.getByRole('article', { name: LIBRARY });
  await expect(card).toContainText('03 6165');
  await card.getByRole('button', { name: `Report Outdated Information about ${LIBRARY}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Report Outdated Information' });
  await expect(dialog).toContainText(LIBRARY);
  await expectNoViolations(page, 'the report outdated information dialog');
  // Nothing chosen: the reason is said, and nothing is sent.
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await expect(toast(page, 'Could not send your report')).toContainText('Please choose what is wrong.');
  await dialog.getByRole('radio', { name: 'The phone number is wrong' }).check();
  await dialog.getByLabel('What is right, if you know (optional)').fill(`They answer on ${newPhone} now.`);
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await expect(toast(page, 'Thank you. We will check it.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The admin finds it in the Reports tab, beside the entry, and opens the editor from there.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInFast(admin, { role: 'admin' }, '/admin?tab=reports');
  const report = admin.getByRole('article', { name: LIBRARY });
  await expect(report).toContainText('The phone number is wrong');
  await expect(report).toContainText(`They answer on ${newPhone} now.`);
  const oldPhone = (await card.getByRole('link', { name: /^03 6165/ }).innerText()).trim();
  await expect(report).toContainText(oldPhone);
  await expectNoViolations(admin, '/admin reports with outdated information');
  await report.getByRole('button', { name: `Open the Editor for ${LIBRARY}` }).click();
  const editor = admin.getByRole('region', { name: `Edit ${LIBRARY}` });
  await expect(editor.getByLabel('Phone', { exact: true })).toHaveValue(oldPhone);
  await expectNoViolations(admin, '/admin directory editor');
  await editor.getByLabel('Phone', { exact: true }).fill(newPhone);
  await editor.getByRole('button', { name: 'Checked Today' }).click();
  await expect(editor.getByRole('checkbox', { name: 'Mark its open report as fixed' })).toBeChecked();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(toast(admin, 'Entry saved')).toBeVisible();
  await expect(admin.getByRole('heading', { level: 2, name: 'Directory' })).toBeFocused();

  // The change is on the record, and the queue is empty.
  await admin.goto('/admin?tab=audit');
  await expect(admin.getByRole('row').filter({ hasText: 'Edited a directory entry' }).first()).toContainText(
    LIBRARY,
  );
  await admin.goto('/admin?tab=reports');
  await expect(admin.getByText('No reports of outdated information here.')).toBeVisible();
  await adminContext.close();

  // The reader sees the new number at once.
  await page.reload();
  await expect(page.getByRole('article', { name: LIBRARY })).toContainText(newPhone);
});

test('an admin adds an organisation, finds it in the Directory tab and archives it', async ({ page }) => {
  await signInFast(page, { role: 'admin' }, '/admin?tab=directory&state=TAS');
  await expect(page.getByRole('heading', { level: 2, name: 'Directory' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Directory' })).toContainText('Glenorchy Library');
  await expectNoViolations(page, '/admin directory');

  await page.getByRole('button', { name: 'Add an Organisation' }).click();
  const editor = page.getByRole('region', { name: 'New organisation' });
  const suffix = Math.random().toString(36).slice(2, 7);
  await editor.getByLabel('Short name').fill(`hobart-test-centre-${suffix}`);
  await editor.getByLabel('Name', { exact: true }).fill(`Hobart Test Centre ${suffix}`);
  await editor.getByLabel('Description in English').fill('Helps people settle in Hobart.');
  await editor.getByLabel('Description in Vietnamese').fill('Giúp mọi người ổn định cuộc sống ở Hobart.');
  await editor.getByLabel('Street address').fill('1 Elizabeth Street');
  await editor.getByLabel('Suburb').fill('Hobart');
  await editor.getByLabel('State or territory').selectOption('TAS');
  await editor.getByLabel('Postcode').fill('7000');
  await editor.getByLabel('Source page', { exact: true }).fill('https://www.example.org.au/');
  await editor.getByRole('button', { name: 'Checked Today' }).click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Entry added')).toBeVisible();

  await page.getByLabel('Search by name, place or short name').fill(`Hobart Test Centre ${suffix}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Edit Hobart Test Centre ${suffix}` }).click();
  await page.getByRole('button', { name: 'Archive' }).click();
  await page
    .getByRole('dialog', { name: 'Archive this entry?' })
    .getByRole('button', { name: 'Archive' })
    .click();
  await expect(toast(page, 'Entry archived')).toBeVisible();
  await expect(page.getByText('Archived: readers do not see this entry.')).toBeVisible();
});

test('the report dialog and the Directory tab in Vietnamese pass axe', async ({ page }) => {
  await useLanguage(page, 'vi');
  await page.goto(BROWSE);
  await page.getByRole('button', { name: `Báo thông tin đã cũ về ${LIBRARY}` }).click();
  await expect(page.getByRole('dialog', { name: 'Báo thông tin đã cũ' })).toBeVisible();
  await expectNoViolations(page, 'the report dialog in Vietnamese');
  await page.keyboard.press('Escape');
  await signInFast(page, { role: 'admin' }, '/admin?tab=directory');
  await expect(page.getByRole('heading', { level: 2, name: 'Danh bạ' })).toBeVisible();
  await expectNoViolations(page, '/admin directory in Vietnamese');
});

test('a reader finds services where Vietnamese is spoken, by search and language, and the address keeps it', async ({
  page,
}) => {
  await page.goto('/resources?view=all&state=VIC');
  await page.getByLabel('Language spoken').selectOption('Vietnamese');
  await expect(page).toHaveURL(/\/resources\?view=all&state=VIC&language=Vietnamese$/);
  const cards = page.locator('section[aria-labelledby="resources-results"]').getByRole('article');
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasNotText: 'Vietnamese' })).toHaveCount(0);

  // A search with a typo narrows it further, and a reload (or a shared link) shows the same list.
  await page.getByLabel('Search by name, service or suburb').fill('Sunshin');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/language=Vietnamese/);
  await expect(page).toHaveURL(/q=Sunshin/);
  // Retried until the list has moved on: every card left is in Sunshine (or Sunshine North) and speaks Vietnamese.
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasNotText: 'Sunshine' })).toHaveCount(0);
  await expect(cards.filter({ hasNotText: 'Vietnamese' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Search by name, service or suburb')).toHaveValue('Sunshin');
  await expect(page.getByLabel('Language spoken')).toHaveValue('Vietnamese');
  await expect(cards.first()).toBeVisible();
  await expectNoViolations(page, '/resources searched by language');

  // Its own page can be shared and printed: the print is the facts alone.
  const first = cards.first();
  const name = (await first.getByRole('heading', { level: 3 }).innerText()).trim();
  await first.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/resources\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Directions/ })).toHaveAttribute(
    'href',
    /google\.com\/maps\/dir/,
  );
  await expect(page.getByRole('button', { name: `Report Outdated Information about ${name}` })).toBeVisible();
  await expectNoViolations(page, '/resources/:id');
  const shared = page.url();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('#site-header')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await page.goto('/faq');
  await page.goto(shared);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goto('/resources/no-such-organisation');
  await expect(page.getByText('This organisation is not in our directory, or no longer.')).toBeVisible();
});

test('a Vietnamese reader finds help in Vietnamese for their state first, and keeps an organisation in My list', async ({
  page,
}) => {
  await useLanguage(page, 'vi');
  await page.goto('/resources?view=all&state=VIC');
  const help = page.getByRole('region', { name: 'Giúp đỡ bằng tiếng Việt' });
  // The page's state is the block's: Victoria's own services that speak Vietnamese, then the national lines.
  await expect(help.getByRole('heading', { name: 'Tại Victoria' })).toBeVisible();
  await expect(
    help.getByRole('link', { name: /Vietnamese Community in Australia – Victoria/ }),
  ).toBeVisible();
  await expect(help.getByRole('link', { name: '131 450' })).toHaveAttribute('href', 'tel:131450');
  await expectNoViolations(page, '/resources with help in Vietnamese');
  // A state with none of its own says so, and keeps the lines that work from anywhere.
  await help.getByLabel('Bang hoặc vùng lãnh thổ nơi bạn sống').selectOption('NT');
  await expect(help.getByText(/chưa tìm thấy dịch vụ nào ở Lãnh thổ Bắc Úc/)).toBeVisible();
  await expect(help.getByRole('link', { name: '131 450' })).toBeVisible();

  // Saved on this device, without an account; the saved list opens from the page.
  const card = page.locator('section[aria-labelledby="resources-results"]').getByRole('article').first();
  const name = (await card.getByRole('heading', { level: 3 }).innerText()).trim();
  await card.getByRole('button', { name: /Lưu vào Danh sách của tôi/ }).click();
  await expect(card.getByRole('button', { name: /Đã lưu/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Danh sách của tôi (1)' }).click();
  await expect(page).toHaveURL(/view=saved/);
  await expect(page.getByRole('heading', { level: 2, name: 'Danh sách của tôi' })).toBeFocused();
  await expect(page.getByRole('article', { name })).toBeVisible();
  await expectNoViolations(page, '/resources?view=saved');
  await page.reload();
  await expect(page.getByRole('article', { name })).toBeVisible();
  // Quick exit takes it off the device (there is no internet here: the weather site is answered here).
  await page.route(/^https:\/\/www\.bom\.gov\.au\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Weather</title>' }),
  );
  await page.getByRole('button', { name: 'Thoát nhanh' }).click();
  await expect(page).toHaveURL('https://www.bom.gov.au/');
  await page.goto('/resources?view=saved');
  await expect(page.getByText(/Chưa lưu gì/)).toBeVisible();
});
