import { expect, type Page } from '@playwright/test';
import {
  disposeClients,
  openAdmin,
  openTab,
  person,
  postQuestion,
  report,
  rowWith,
  search,
  TABS,
  TEXT,
  unique,
  WIDTHS,
  type Locale,
} from './admin-helpers';
import { expectNoViolations, toast, test } from './fixtures';

/** The admin dashboard with axe (every tab and its dialogs, both widths and languages) and with the keyboard. */

test.afterEach(disposeClients);

/** Waits until the open tab has loaded: no request is pending and no list is busy. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

// Each language once and each width once, as the keyboard tests below: English at 1280 px, and Vietnamese (whose
// texts are the longer) at 360 px.
for (const [locale, width] of [
  ['en', WIDTHS.wide],
  ['vi', WIDTHS.phone],
] as const) {
  test(`axe: every tab and dialog of /admin (${locale}, ${width} px)`, async ({ page }) => {
    // Nine tabs and three dialogs, each checked by axe.
    test.setTimeout(90_000);
    const text = TEXT[locale];
    // Something in each list: a mentor waiting and a reported question.
    const mentor = await person('mentor', { headline: unique('I help with housing') });
    const asker = await person();
    const title = unique(locale === 'vi' ? 'Câu hỏi để kiểm tra' : 'Question to check');
    const questionId = await postQuestion(asker.api, title);
    await report(mentor.api, 'questions', questionId, 'Please look at this');

    await openAdmin(page, locale, width);
    for (const tab of TABS) {
      await openTab(page, locale, tab);
      await settle(page);
      await expectNoViolations(page, `/admin ${tab} (${locale}, ${width} px)`);
      // Nothing pushes the page wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }

    // The dialogs: delete a question (cancelled), dismiss a report, decline a mentor (both done, to tidy up).
    await openTab(page, locale, 'questions');
    await search(page, text.searchQuestions, title, locale);
    await page.getByRole('button', { name: text.deleteLabel(title) }).click();
    const remove = page.getByRole('dialog', { name: text.deleteConfirm });
    await expect(remove).toBeVisible();
    await expectNoViolations(page, `/admin delete dialog (${locale}, ${width} px)`);
    await remove.getByRole('button', { name: text.cancel, exact: true }).click();
    await expect(remove).toBeHidden();

    await openTab(page, locale, 'reports');
    await page
      .getByRole('article', { name: title })
      .getByRole('button', { name: text.dismissButton })
      .click();
    const dismiss = page.getByRole('dialog', { name: text.dismissConfirm });
    await expect(dismiss).toBeVisible();
    await expectNoViolations(page, `/admin dismiss dialog (${locale}, ${width} px)`);
    await dismiss.getByRole('button', { name: text.dismiss, exact: true }).click();
    await expect(toast(page, text.reportDismissed)).toBeVisible();

    await openTab(page, locale, 'mentors');
    await page.getByRole('button', { name: text.declineLabel(mentor.user.displayName) }).click();
    const decline = page.getByRole('dialog', { name: text.declineTitle(mentor.user.displayName) });
    await expect(decline).toBeVisible();
    await expectNoViolations(page, `/admin decline dialog (${locale}, ${width} px)`);
    await decline.getByLabel(text.declineReason, { exact: true }).fill('Checked by the accessibility test');
    await decline.getByRole('button', { name: text.decline, exact: true }).click();
    await expect(toast(page, text.mentorDeclined)).toBeVisible();
  });
}

/**
 * Whether the keyboard focus is on the page behind an open dialog. The native modal lets Tab leave for the
 * browser's own controls after its last button (the document then has no focus) and come back to its first.
 */
function focusBehindDialog(page: Page) {
  return page.evaluate(() => document.hasFocus() && !document.activeElement?.closest('dialog[open]'));
}

function focusInDialog(page: Page) {
  return page.evaluate(() => document.hasFocus() && Boolean(document.activeElement?.closest('dialog[open]')));
}

async function keyboard(page: Page, locale: Locale, width: number) {
  const text = TEXT[locale];
  const tab = (name: keyof typeof text.tabs) => page.getByRole('tab', { name: text.tabs[name], exact: true });
  const author = await person();
  const title = unique('Keyboard check');
  await postQuestion(author.api, title);
  await openAdmin(page, locale, width);

  // One tab is in the Tab order; the arrows, Home and End move along the tabs and open them (wrapping round).
  await tab('questions').focus();
  for (const [key, next] of [
    ['ArrowRight', 'users'],
    ['ArrowRight', 'reports'],
    ['ArrowLeft', 'users'],
    ['Home', 'questions'],
    ['ArrowLeft', 'emails'],
    ['ArrowRight', 'questions'],
    ['End', 'emails'],
    ['Home', 'questions'],
  ] as const) {
    await page.keyboard.press(key);
    await expect(tab(next)).toBeFocused();
    await expect(tab(next)).toHaveAttribute('aria-selected', 'true');
    await expect(
      page.getByRole('heading', { level: 2, name: text.headings[next], exact: true }),
    ).toBeVisible();
  }
  await expect(page).toHaveURL(/tab=questions/);
  await expect(page.getByRole('tab', { selected: false })).toHaveCount(TABS.length - 1);
  for (const other of await page.getByRole('tab', { selected: false }).all())
    await expect(other).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).not.toBe('tab');

  // The delete dialog keeps the focus inside, closes with Escape and gives the focus back to its button.
  await search(page, text.searchQuestions, title, locale);
  const button = page.getByRole('button', { name: text.deleteLabel(title) });
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: text.deleteConfirm });
  await expect(dialog).toBeVisible();
  const close = dialog.getByRole('button', { name: text.close, exact: true });
  await expect(close).toBeFocused();
  // Quick exit, Close, the reason, Cancel, Delete: round twice forwards, then back.
  for (const key of [...Array<string>(10).fill('Tab'), ...Array<string>(10).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    expect(await focusBehindDialog(page), `the page behind has the focus after ${key}`).toBe(false);
  }
  // Back from the browser's controls, if the last key left the page for them.
  for (let i = 0; i < 2 && !(await focusInDialog(page)); i++) await page.keyboard.press('Tab');
  expect(await focusInDialog(page)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  await expect(rowWith(page, title)).toHaveCount(1);
}

test('the keyboard works the tabs and the dialog (en, 1280 px)', async ({ page }) => {
  await keyboard(page, 'en', WIDTHS.wide);
});

test('the keyboard works the tabs and the dialog (vi, 360 px)', async ({ page }) => {
  await keyboard(page, 'vi', WIDTHS.phone);
});
