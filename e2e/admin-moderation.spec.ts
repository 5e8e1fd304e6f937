import { expect, type Browser, type Page } from '@playwright/test';
import {
  disposeClients,
  demoSignIn,
  openAdmin,
  openTab,
  otherBrowser,
  person,
  postQuestion,
  postReply,
  report,
  reportMessage,
  rowWith,
  sendMessage,
  startChat,
  TEXT,
  unique,
  WIDTHS,
  apiClient,
  type Locale,
} from './admin-helpers';
import { signInFast, toast, test } from './fixtures';

/**
 * Mentors to verify and the report queue, as the demo admin in the browser. The people, questions, chats and
 * reports are made through the API first, each with a unique name the test looks for.
 */

test.afterEach(disposeClients);

async function verifyAndDecline(page: Page, browser: Browser, locale: Locale, width: number) {
  const text = TEXT[locale];
  const headline = unique('Nurse in Sydney, I help with health questions');
  const story = 'I came to Australia as a student in 2015.\nNow I work in a hospital.';
  const accepted = await person('mentor', { headline, story });
  // Topics, languages and a place chosen on their profile, and no free-text experience.
  const profile = await accepted.api.patch('/api/me/mentor-profile', {
    data: { topics: ['health-well-being'], languages: ['vi', 'en'], state: 'NSW', city: 'Parramatta' },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  const declined = await person('mentor', { headline: unique('Careers helper') });
  const reason = unique('Please tell us more about your experience first');

  await openAdmin(page, locale, width);
  await openTab(page, locale, 'mentors');
  const card = page.getByRole('article', { name: accepted.user.displayName });
  await expect(card).toContainText(accepted.user.email);
  await expect(card).toContainText(headline);
  await expect(card).toContainText('Now I work in a hospital.');
  for (const fact of text.mentorFacts) await expect(card).toContainText(fact);
  await expect(card).not.toContainText(text.expertise);
  await card.getByRole('button', { name: text.verifyLabel(accepted.user.displayName) }).click();
  await expect(toast(page, text.mentorVerified)).toBeVisible();
  await expect(card).toHaveCount(0);

  // Students can now choose them for a chat.
  const student = await person();
  const mentors = (await (await student.api.get('/api/mentors')).json()) as { mentors: { id: string }[] };
  expect(mentors.mentors.map((mentor) => mentor.id)).toContain(accepted.id);

  const other = page.getByRole('article', { name: declined.user.displayName });
  await other.getByRole('button', { name: text.declineLabel(declined.user.displayName) }).click();
  const dialog = page.getByRole('dialog', { name: text.declineTitle(declined.user.displayName) });
  await dialog.getByLabel(text.declineReason, { exact: true }).fill(reason);
  await dialog.getByRole('button', { name: text.decline, exact: true }).click();
  await expect(toast(page, text.mentorDeclined)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(other).toHaveCount(0);
  // Their sessions ended with the decision.
  expect((await declined.api.get('/api/auth/me')).status()).toBe(401);

  // Signing in again, they read why, until they say they have.
  const theirs = await otherBrowser(browser, locale);
  await theirs.page.setViewportSize({ width, height: 800 });
  await signInFast(theirs.page, declined.user, '/');
  const notice = theirs.page.getByRole('status').filter({ hasText: text.noticeTitle });
  await expect(notice).toContainText(reason);
  await notice.getByRole('button', { name: text.gotIt }).click();
  await expect(notice).toHaveCount(0);
  await theirs.page.reload();
  await expect(theirs.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(theirs.page.getByText(text.noticeTitle)).toHaveCount(0);
  await theirs.context.close();

  await openTab(page, locale, 'audit');
  await expect(rowWith(page, accepted.user.email)).toContainText(text.audit.mentorVerify);
  await expect(rowWith(page, declined.user.email)).toContainText(text.audit.mentorDecline);
  await expect(rowWith(page, declined.user.email)).toContainText(reason);
}

test('at 1280 px in Vietnamese an admin verifies one mentor and declines another', async ({
  page,
  browser,
}) => {
  await verifyAndDecline(page, browser, 'vi', WIDTHS.wide);
});

test('at 360 px in English an admin verifies one mentor and declines another', async ({ page, browser }) => {
  await verifyAndDecline(page, browser, 'en', WIDTHS.phone);
});

/** A reported question, a reported reply and a reported chat message, each with its own title. */
async function reportedItems() {
  const reporter = await person();
  const asker = await person();
  const question = unique('Is this a scam call from the tax office?');
  const questionId = await postQuestion(asker.api, question);
  await report(reporter.api, 'questions', questionId, unique('Looks like spam'));

  const other = await person();
  const replyQuestion = unique('Where can I rent a room near campus?');
  const replyQuestionId = await postQuestion(other.api, replyQuestion);
  const replier = await person();
  const reply = unique('Send me your passport number and I will find you one');
  const replyId = await postReply(replier.api, replyQuestionId, reply);
  await report(reporter.api, 'replies', replyId, 'Asks for personal information');

  // A chat between a new student and the demo mentor; the student reports the mentor's fourth message.
  const student = await person();
  const mentor = await apiClient();
  const mentorId = (await demoSignIn(mentor, 'mentor')).id;
  const chat = unique('Help with my first job');
  const chatId = await startChat(student.api, mentorId, chat);
  const lines = [1, 2, 3, 4, 5].map((n) => unique(`Chat line ${n}`));
  const ids: string[] = [];
  for (const [index, line] of lines.entries())
    ids.push(await sendMessage(index % 2 === 0 ? student.api : mentor, chatId, line));
  await reportMessage(student.api, chatId, ids[3]!);
  return { question, questionId, replyQuestion, replyQuestionId, reply, chat, chatId, lines, student };
}

/** The toasts' region, in either language (Radix keeps a closed toast in it, hidden). */
const notifications = (page: Page) =>
  page.getByRole('region', { name: /^(Notifications|Thông báo) \(F8\)$/ });

async function moderate(page: Page, locale: Locale, width: number) {
  const text = TEXT[locale];
  const items = await reportedItems();
  await openAdmin(page, locale, width);
  await openTab(page, locale, 'reports');

  // The question is dismissed: it stays.
  const questionCard = page.getByRole('article', { name: items.question });
  await expect(questionCard).toContainText('Looks like spam');
  await questionCard.getByRole('button', { name: text.dismissButton }).click();
  const dismiss = page.getByRole('dialog', { name: text.dismissConfirm });
  await dismiss.getByRole('button', { name: text.dismiss, exact: true }).click();
  await expect(toast(page, text.reportDismissed)).toBeVisible();
  await expect(questionCard).toHaveCount(0);

  // The reply is removed.
  const replyCard = page.getByRole('article', { name: items.replyQuestion });
  await expect(replyCard).toContainText(items.reply);
  await replyCard.getByRole('button', { name: text.removeButton }).click();
  const remove = page.getByRole('dialog', { name: text.removeConfirm });
  await remove.getByRole('button', { name: text.remove, exact: true }).click();
  await expect(toast(page, text.contentRemoved)).toBeVisible();
  await expect(replyCard).toHaveCount(0);
  // One toast shows at a time, each a new element: this one is marked (shown or, after 5 s, closed), so the same
  // words after the next removal cannot be read from it.
  const marked = await notifications(page)
    .locator('li')
    .evaluateAll((items) => {
      for (const item of items) item.setAttribute('data-e2e-earlier', '');
      return items.length;
    });
  expect(marked).toBe(1);

  // The chat message is shown with the two before it, and nothing else of the chat.
  const chatCard = page.getByRole('article', { name: items.chat });
  // The card's list of messages (the reporters' notes are another list).
  const context = chatCard.getByRole('list').filter({ hasText: items.lines[3] }).getByRole('listitem');
  await expect(chatCard.getByRole('heading', { name: text.chatContext })).toBeVisible();
  await expect(context).toHaveCount(3);
  for (const [index, line] of items.lines.entries()) {
    if (index >= 1 && index <= 3) await expect(context.nth(index - 1)).toContainText(line);
    else await expect(chatCard).not.toContainText(line);
  }
  await expect(context.nth(2)).toContainText(text.reportedLine);
  await expect(context.nth(1)).not.toContainText(text.reportedLine);
  await chatCard.getByRole('button', { name: text.removeButton }).click();
  await remove.getByRole('button', { name: text.remove, exact: true }).click();
  await expect(toast(page, text.contentRemoved).and(page.locator(':not([data-e2e-earlier])'))).toBeVisible();
  await expect(chatCard).toHaveCount(0);

  // The resolved list still shows what was removed.
  await page.getByLabel(text.status, { exact: true }).selectOption('resolved');
  await expect(page).toHaveURL(/status=resolved/);
  const removedReply = page.getByRole('article', { name: items.replyQuestion });
  await expect(removedReply).toContainText(items.reply);
  await expect(removedReply).toContainText(text.removedBadge);
  await expect(removedReply.getByRole('button')).toHaveCount(0);
  const removedMessage = page.getByRole('article', { name: items.chat });
  await expect(removedMessage).toContainText(items.lines[3]!);
  await expect(removedMessage).toContainText(text.removedBadge);

  await openTab(page, locale, 'audit');
  await expect(rowWith(page, items.question)).toContainText(text.audit.reportDismiss);
  await expect(rowWith(page, items.replyQuestion)).toContainText(text.audit.reportRemove);
  await expect(rowWith(page, items.chat)).toContainText(text.audit.reportRemove);

  // The dismissed question is still there; the removed reply and message are gone.
  await page.goto(`/questions/${items.questionId}`);
  await expect(page.getByRole('heading', { level: 1, name: items.question })).toBeVisible();
  await page.goto(`/questions/${items.replyQuestionId}`);
  await expect(page.getByRole('heading', { level: 1, name: items.replyQuestion })).toBeVisible();
  await expect(page.getByText(items.reply)).toHaveCount(0);
  const messages = (await (
    await items.student.api.get(`/api/conversations/${items.chatId}/messages`)
  ).json()) as {
    messages: { content: string }[];
  };
  expect(messages.messages.map((message) => message.content)).toEqual(
    items.lines.filter((_, index) => index !== 3),
  );
}

test('at 1280 px in Vietnamese an admin dismisses a reported question and removes a reply and a chat message', async ({
  page,
}) => {
  await moderate(page, 'vi', WIDTHS.wide);
});

test('at 360 px in English an admin dismisses a reported question and removes a reply and a chat message', async ({
  page,
}) => {
  await moderate(page, 'en', WIDTHS.phone);
});
