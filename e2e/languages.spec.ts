import { expect, type Page } from '@playwright/test';
import { getFixedT, loadAllTexts } from '../src/shared/i18n';
import { language, languageName, type Locale } from '../src/shared/languages';
import { FRAME_DRAWN_AT } from '../src/shared/routes';
import { bubbles, closeConversation, twoPeople, write } from './chat-helpers';
import {
  apiSignIn,
  chooseLanguage,
  confirmEmail,
  createUser,
  expectNoViolations,
  mailTo,
  newUser,
  ORIGIN,
  signInFast,
  test,
  useLanguage,
} from './fixtures';

/** The languages added after English and Vietnamese: the whole app in each, chosen from the menu or by a link. */
const ADDED = ['zh-Hans', 'ne'] as const satisfies readonly Locale[];

test.beforeAll(() => loadAllTexts());

/**
 * English sentences left on the page (Latin words, three of them or more in lower case): none, outside what is marked as English
 * (a directory entry not yet translated, `lang="en"`), the people's own posts (`article`) and the English names
 * given in brackets.
 */
async function englishLeft(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const left: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      // A name in brackets explains an Australian term ("（Privacy Act 1988）"): it is meant to stay English.
      const text = (walker.currentNode.textContent ?? '').replace(/[（(][^）)]*[）)]/g, ' ').trim();
      const element = walker.currentNode.parentElement;
      if (!element || element.closest('[lang="en"], article, script, style, noscript, [hidden]')) continue;
      // A run of Latin words with three or more in lower case is a sentence, not a name ("Department of Home Affairs").
      const sentence = (text.match(/[A-Za-z][\w’'-]*(\s+[A-Za-z][\w’'-]*)+/g) ?? []).some(
        (run) => run.split(/\s+/).filter((word) => /^[a-z]{2,}/.test(word)).length >= 3,
      );
      if (sentence) left.push(text.slice(0, 100));
    }
    return left;
  });
}

for (const locale of ADDED) {
  const t = (key: Parameters<ReturnType<typeof getFixedT>>[0], values?: Record<string, string>) =>
    getFixedT(locale)(key, values);
  const { ownName } = language(locale);

  test(`the public pages are wholly in ${ownName}, chosen from the language menu`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/faq');
    await chooseLanguage(page, ownName);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('faq.title'));
    for (const path of [
      '/faq',
      '/about',
      '/privacy',
      '/terms',
      '/guidelines',
      '/chloe',
      '/login',
      '/signup',
    ]) {
      await page.goto(path);
      await expect(page.locator('[inert]')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      expect(await englishLeft(page), path).toEqual([]);
    }
    // The directory's own descriptions have no checked translation yet: marked as English, the interpreter beside.
    await page.goto('/government');
    await page.waitForLoadState('networkidle');
    expect(await englishLeft(page), '/government').toEqual([]);
    await expect(page.getByText(t('directory.inEnglish')).first()).toBeVisible();
    await expectNoViolations(page, `/government in ${ownName}`);
  });

  test(`a link with ?lang=${locale} opens the app in ${ownName} and Chloe answers in it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    // Its first HTML is the page's frame in the language, as without `?lang=`: it paints before the code runs.
    const first = await (await page.request.get(`/faq?lang=${locale}`)).text();
    expect(first).toContain(`<html lang="${locale}" dir="ltr">`);
    expect(first).toContain(FRAME_DRAWN_AT);
    await page.goto(`/chloe?lang=${locale}`);
    await expect(page).toHaveURL('/chloe');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const box = page.getByRole('textbox', { name: t('chloe.inputLabel') });
    await box.fill(locale === 'zh-Hans' ? '怎么申请税号？' : 'कर फाइल नम्बर कसरी लिने?');
    await box.press('Enter');
    const log = page.getByRole('log', { name: t('chloe.conversation') });
    await expect(log).toContainText(t('chloe.guide.keyPoints'));
    await expect(log).toContainText(locale === 'zh-Hans' ? '税号' : 'कर फाइल नम्बर');
    await expectNoViolations(page, `/chloe in ${ownName} (360 px)`);
  });

  test(`a member's journey in ${ownName}: ask, a reply, its notification and email, and a chat`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const student = await createUser(page.request, { ...newUser('student'), locale });
    await confirmEmail(page.request, student.email);
    await useLanguage(page, locale);
    await signInFast(page, student, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);

    // Asks in the Ask dialog, in the language's own words.
    const title = `${locale === 'zh-Hans' ? '第一次找兼职要注意什么' : 'पहिलो पार्ट टाइम काम खोज्दा के ध्यान दिने'} ${Date.now()}`;
    await page
      .getByRole('button', { name: t('questions.ask') })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: t('ask.title') });
    await dialog.getByLabel(t('ask.questionTitle')).fill(title);
    await dialog
      .getByLabel(t('ask.details'))
      .fill(locale === 'zh-Hans' ? '我下周开始工作。' : 'म अर्को हप्ता काम सुरु गर्छु।');
    await dialog.getByRole('button', { name: t('ask.post') }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const questionId = new URL(page.url()).pathname.split('/').pop()!;
    // Recorded as written in the language, which its author could correct.
    await expect(page.getByLabel(t('questions.postLanguage'))).toHaveValue(locale);

    // Another member replies while the student reads elsewhere (the question open on screen would be read at once);
    // their email, bell and notifications say so in their language.
    await page.goto('/faq');
    const helper = await createUser(request);
    expect(await apiSignIn(request, helper.email, helper.password)).toBe(200);
    const replied = await request.post(`/api/questions/${questionId}/replies`, {
      data: { content: 'Ask for a payslip every pay day.' },
      headers: { origin: ORIGIN },
    });
    expect(replied.status(), await replied.text()).toBe(201);
    // Its email comes first: a notification read on the page is not emailed.
    await expect
      .poll(async () => (await mailTo(student.email)).map((mail) => mail.subject), { timeout: 30_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining(title)]));
    const [mail] = (await mailTo(student.email)).filter((sent) => sent.subject.includes(title));
    expect(mail!.html).toContain(`<html lang="${locale}" dir="ltr">`);
    await page.goto('/notifications');
    await expect(page.getByText(t('notify.replyToMine', { name: helper.displayName, title }))).toBeVisible();
    await expectNoViolations(page, `/notifications in ${ownName}`);
    // The English reply says which language it is in (this app has no model: no translation is offered).
    await page.goto(`/questions/${questionId}`);
    await expect(
      page.getByText(t('questions.writtenIn', { language: languageName('en', locale) })),
    ).toBeVisible();

    // A chat with a mentor, in the language.
    const people = await twoPeople(browser, { locale });
    await people.student.getByRole('button', { name: t('chat.startNew') }).click();
    const start = people.student.getByRole('dialog');
    await start.getByLabel(t('chat.mentor'), { exact: true }).selectOption(people.mentorId);
    await start.getByLabel(t('chat.chatTitle'), { exact: true }).fill(title);
    await start.getByRole('button', { name: t('chat.start') }).click();
    await expect(people.student.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await write(people.student, title, t('chat.messageLabel'));
    await people.mentor.getByRole('link', { name: new RegExp(title) }).click();
    await expect(bubbles(people.mentor, title)).toBeVisible();
    await closeConversation(people.student.request, people.student);
    await people.studentContext.close();
    await people.mentorContext.close();
  });
}
