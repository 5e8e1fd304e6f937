import { readFile } from 'node:fs/promises';
import { expect, type Browser, type Page } from '@playwright/test';
import {
  apiClient,
  disposeClients,
  openAdmin,
  openTab,
  otherBrowser,
  person,
  postQuestion,
  rowWith,
  search,
  TEXT,
  unique,
  WIDTHS,
  type Locale,
} from './admin-helpers';
import { accountMenuButton, createUser, newUser, signInFast, test, toast } from './fixtures';

/**
 * The admin dashboard's questions, users and newsletter, as the demo admin in the browser. Each test makes its own
 * people and questions through the API and finds them with the search box: the database is shared by every spec.
 */

test.afterEach(disposeClients);

async function deleteAndPromote(page: Page, browser: Browser, locale: Locale, width: number) {
  const text = TEXT[locale];
  const author = await person();
  const title = unique(locale === 'vi' ? 'Hỏi về thuê nhà' : 'Question about renting');
  const questionId = await postQuestion(author.api, title);
  // The student to promote, signed in in a browser of their own.
  const student = await person();
  const theirs = await otherBrowser(browser, locale);
  await signInFast(theirs.page, student.user, '/');

  await openAdmin(page, locale, width);
  await expect(page.getByRole('tab', { name: text.tabs.questions, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await search(page, text.searchQuestions, title, locale);
  await expect(rowWith(page, title)).toHaveCount(1);
  const deleteButton = page.getByRole('button', { name: text.deleteLabel(title) });
  await deleteButton.click();
  const dialog = page.getByRole('dialog', { name: text.deleteConfirm });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(title);
  await dialog.getByRole('button', { name: text.delete, exact: true }).click();
  await expect(toast(page, text.questionDeleted)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rowWith(page, title)).toHaveCount(0);
  await expect(page.getByText(text.noQuestions)).toBeVisible();

  await openTab(page, locale, 'users');
  await search(page, text.searchUsers, student.user.email, locale);
  const row = rowWith(page, student.user.email);
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: text.makeMentorLabel(student.user.displayName) }).click();
  const change = page.getByRole('dialog', { name: text.changeToMentor });
  await expect(change).toContainText(student.user.email);
  await change.getByRole('button', { name: text.makeMentor, exact: true }).click();
  await expect(toast(page, text.roleUpdated)).toBeVisible();
  await expect(change).toBeHidden();
  await expect(row).toContainText(text.mentorRole);
  await expect(row).toContainText(text.verifiedMentor);

  // The change ended their sessions: their other browser is signed out, and its next call is refused.
  expect((await theirs.page.request.get('/api/auth/me')).status()).toBe(401);
  expect((await student.api.get('/api/auth/me')).status()).toBe(401);
  await expect(accountMenuButton(theirs.page)).toBeHidden();
  await theirs.context.close();

  // The audit log names both actions with what they were done to.
  await openTab(page, locale, 'audit');
  await expect(rowWith(page, title)).toContainText(text.audit.questionDelete);
  await expect(rowWith(page, student.user.email)).toContainText(text.audit.userRole);
  await expect(rowWith(page, student.user.email)).toContainText('student → mentor');

  await page.goto(`/questions/${questionId}`);
  await expect(page.getByText(text.questionGone)).toBeVisible();
}

test('at 1280 px in English an admin deletes a question and makes a student a mentor', async ({
  page,
  browser,
}) => {
  await deleteAndPromote(page, browser, 'en', WIDTHS.wide);
});

test('at 360 px in Vietnamese an admin deletes a question and makes a student a mentor', async ({
  page,
  browser,
}) => {
  await deleteAndPromote(page, browser, 'vi', WIDTHS.phone);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTHS.phone);
});

for (const [locale, width] of [
  ['en', WIDTHS.wide],
  ['vi', WIDTHS.phone],
] as const) {
  test(`a list says how many of how many and loads the next 25 after the last shown (${locale}, ${width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const text = TEXT[locale];
    // 27 members of one name, one after another: a first page of 25, then 2 more.
    const name = unique('Paged member');
    for (let i = 1; i <= 27; i += 1)
      await createUser(request, { ...newUser(), displayName: `${name} ${String(i).padStart(2, '0')}` });

    await openAdmin(page, locale, width);
    await openTab(page, locale, 'users');
    await search(page, text.searchUsers, name, locale);
    const panel = page.getByRole('tabpanel');
    await expect(rowWith(page, name)).toHaveCount(25);
    await expect(panel.getByRole('status').filter({ hasText: text.showing(25, 27) })).toBeVisible();
    await panel.getByRole('button', { name: text.loadMore }).click();
    await expect(rowWith(page, name)).toHaveCount(27);
    await expect(panel.getByRole('status').filter({ hasText: text.showing(27, 27) })).toBeVisible();
    await expect(panel.getByRole('button', { name: text.loadMore })).toHaveCount(0);
    // Newest first, each once; the keyboard goes on from the first row of the new page.
    const shown = await rowWith(page, name).allInnerTexts();
    expect(shown.map((row) => row.match(/Paged member \S+ (\d\d)/)![1])).toEqual(
      Array.from({ length: 27 }, (_, i) => String(27 - i).padStart(2, '0')),
    );
    await expect(rowWith(page, `${name} 02`)).toBeFocused();
    // The search stays in the address; no page number goes there.
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    expect(new URL(page.url()).searchParams.get('q')).toBe(name);
  });
}

/**
 * Today and tomorrow in the browser's own calendar, as the file is named. Read before the export: if midnight
 * passes meanwhile, the file has the next day's date.
 */
async function localDays(page: Page): Promise<[string, string]> {
  return page.evaluate(() => {
    const now = new Date();
    const day = (date: Date) =>
      [date.getFullYear(), date.getMonth() + 1, date.getDate()]
        .map((n) => String(n).padStart(2, '0'))
        .join('-');
    return [day(now), day(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1))];
  });
}

type AuditPage = { entries: { id: number; action: string; createdAt: string }[] };

/** The newest entry of the audit log, through the API as the admin signed in on the page. */
async function newestAuditEntry(page: Page) {
  const response = await page.request.get('/api/admin/audit');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as AuditPage).entries[0];
}

for (const [locale, width] of [
  ['en', WIDTHS.wide],
  ['vi', WIDTHS.phone],
] as const) {
  test(`the newsletter is exported as a text file in both languages (${locale}, ${width} px)`, async ({
    page,
  }) => {
    const text = TEXT[locale];
    await openAdmin(page, locale, width);
    const days = await localDays(page);
    const before = await newestAuditEntry(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: text.exportNewsletter }).click();
    const download = await downloading;
    await expect(toast(page, text.newsletterExported)).toBeVisible();

    expect(days.map((day) => `mentor-me-newsletter-${day}.txt`)).toContain(download.suggestedFilename());
    const content = await readFile((await download.path())!, 'utf8');
    for (const line of [
      'Mentor Me weekly digest,',
      'Most active questions this week',
      'Questions waiting for a mentor',
      'Notices on government online services',
      'is not a migration agency',
      'Bản tin hằng tuần của Mentor Me, từ',
      'Các câu hỏi sôi nổi nhất tuần này',
      'Các câu hỏi đang chờ người hướng dẫn',
      'Thông báo về các dịch vụ trực tuyến của chính phủ',
      'không phải là đại lý di trú',
    ])
      expect(content).toContain(line);
    // English first, then Vietnamese.
    expect(content.indexOf('Mentor Me weekly digest')).toBeLessThan(content.indexOf('Bản tin hằng tuần'));

    // The log's newest entry is an export made after the click (a later id than the newest before it), and the
    // Audit log tab shows it, by its time, as the newest export.
    const entry = await newestAuditEntry(page);
    expect(entry).toMatchObject({ action: 'newsletter.export' });
    expect(entry!.id).toBeGreaterThan(before?.id ?? 0);
    await openTab(page, locale, 'audit');
    const newest = rowWith(page, text.audit.newsletterExport).first();
    await expect(newest).toContainText('mentor-me-newsletter');
    await expect(newest.locator(`time[datetime="${entry!.createdAt}"]`)).toBeVisible();
  });
}

test('students and mentors find no dashboard; the menu offers it to admins only', async ({ browser }) => {
  const student = await person();
  const mentor = await person('mentor', { headline: 'I help with first jobs' });
  for (const [who, locale] of [
    [student.user, 'en'],
    [mentor.user, 'vi'],
  ] as const) {
    const theirs = await otherBrowser(browser, locale);
    await signInFast(theirs.page, who, '/');
    await accountMenuButton(theirs.page).click();
    await expect(
      theirs.page.getByRole('link', { name: locale === 'en' ? 'Profile' : 'Hồ sơ' }),
    ).toBeVisible();
    await expect(theirs.page.getByRole('link', { name: /^(Admin Dashboard|Bảng quản trị)$/ })).toHaveCount(0);
    await theirs.page.goto('/admin');
    await expect(
      theirs.page.getByRole('heading', {
        level: 1,
        name: locale === 'en' ? 'Page Not Found' : 'Không tìm thấy trang',
      }),
    ).toBeVisible();
    await expect(theirs.page.getByRole('tablist')).toHaveCount(0);
    await theirs.context.close();
  }

  for (const locale of ['en', 'vi'] as const) {
    const admin = await otherBrowser(browser, locale);
    await admin.page.setViewportSize({ width: locale === 'en' ? WIDTHS.wide : WIDTHS.phone, height: 800 });
    await signInFast(admin.page, { role: 'admin' }, '/');
    await accountMenuButton(admin.page).click();
    await admin.page
      .getByRole('link', { name: locale === 'en' ? 'Admin Dashboard' : 'Bảng quản trị' })
      .click();
    await expect(admin.page).toHaveURL('/admin');
    await expect(admin.page.getByRole('tablist', { name: TEXT[locale].tablist })).toBeVisible();
    await admin.context.close();
  }
});

test('a question Chloe had nothing on reaches the misses tab; attached to an article, Chloe answers it from there', async ({
  page,
}) => {
  const visitor = await apiClient();
  const question = `Where can I get a police check for volunteering at ${unique('Camp')}?`;
  const sources = async () => {
    const response = await visitor.post('/api/ai/chat', { data: { message: question } });
    const done = (await response.text())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as { type: string; sources?: { url: string }[] })
      .find((event) => event.type === 'done')!;
    return (done.sources ?? []).map((source) => source.url);
  };
  expect(await sources()).toEqual([]);
  const article = JSON.parse(await readFile('content/knowledge/finding-work.json', 'utf8')) as {
    title: { en: string };
    sources: { url: string }[];
  };

  await openAdmin(page, 'en', WIDTHS.wide, '/admin?tab=chloe-misses');
  await expect(page.getByRole('heading', { level: 2, name: 'Chloe’s misses' })).toBeVisible();
  const row = rowWith(page, question);
  await expect(row).toContainText('Chloe had nothing');
  await row.getByRole('combobox', { name: 'Article' }).selectOption({ label: article.title.en });
  await row.getByRole('button', { name: `Add “${question}” to the chosen article` }).click();
  await expect(toast(page, 'Added to the article. Chloe uses it within a minute.')).toBeVisible();
  await expect(rowWith(page, question)).toHaveCount(0);

  await expect.poll(async () => (await sources())[0]).toBe(article.sources[0]!.url);
});
