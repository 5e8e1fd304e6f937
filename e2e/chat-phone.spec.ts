import { expect, test, type Locator, type Page } from '@playwright/test';
import { bubbles, closeConversation, startConversation, twoPeople, write } from './chat-helpers';
import { createUser, expectNoViolations, newUser, signInFast, toast } from './fixtures';

/** Issue 49: the mentor chat and Chloe fit a phone's screen. */

const PHONE = { width: 360, height: 740 };

/** The page itself does not scroll: only the messages do. */
async function expectFitsTheScreen(page: Page) {
  const overflow = await page.evaluate(() => ({
    down: document.documentElement.scrollHeight - window.innerHeight,
    across: document.documentElement.scrollWidth - window.innerWidth,
  }));
  expect(overflow).toEqual({ down: 0, across: 0 });
}

/** The newest message is whole on the screen and sits just above the message box, which is whole on it too. */
async function expectNewestAboveBox(newest: Locator, box: Locator) {
  await expect(box).toBeInViewport({ ratio: 1 });
  await expect(newest).toBeInViewport({ ratio: 1 });
  const [message, input] = [await newest.boundingBox(), await box.boundingBox()];
  const gap = input!.y - (message!.y + message!.height);
  expect(gap).toBeGreaterThanOrEqual(0);
  expect(gap).toBeLessThan(120);
}

/** How many lines of text the box shows, from its height, its padding and its line height. */
function rowsShown(box: Locator) {
  return box.evaluate((element) => {
    const style = getComputedStyle(element);
    const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    return {
      rows: Math.round((element.clientHeight - padding) / parseFloat(style.lineHeight)),
      scrolls: element.scrollHeight > element.clientHeight,
    };
  });
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => `Line ${i + 1}`).join('\n');

/** The message box shows one line, grows a line at a time to five, then scrolls. */
async function expectGrowsToFive(box: Locator) {
  await expect.poll(() => rowsShown(box)).toEqual({ rows: 1, scrolls: false });
  for (const [n, shown] of [
    [1, 1],
    [3, 3],
    [5, 5],
    [8, 5],
  ] as const) {
    await box.fill(lines(n));
    await expect.poll(() => rowsShown(box), `${n} lines`).toEqual({ rows: shown, scrolls: n > 5 });
  }
  await box.fill('');
  await expect.poll(() => rowsShown(box)).toEqual({ rows: 1, scrolls: false });
}

test('on a phone the conversation fills the screen, the newest message sits above the box, and Seen shows', async ({
  browser,
}) => {
  const { student, mentor, studentContext, mentorContext, mentorId } = await twoPeople(browser);
  await student.setViewportSize(PHONE);
  // "Find a mentor" leads to the mentors' list; the navigation's Mentors stays on /chat.
  await expect(student.getByRole('link', { name: 'Find a mentor' })).toHaveAttribute('href', '/mentors');
  await student.getByRole('button', { name: 'Open menu' }).click();
  const drawer = student.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('link', { name: 'Mentors', exact: true })).toHaveAttribute('href', '/chat');
  // The footer is not drawn here: its links are in the menu.
  await expect(student.locator('footer')).toBeHidden();
  for (const name of [
    'Browse mentors',
    'About Us',
    'Privacy Policy',
    'Terms of Service',
    'Community Guidelines',
  ])
    await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
  await student.keyboard.press('Escape');

  const title = `Renting a room ${Date.now()}`;
  await startConversation(student, mentorId, title);
  const box = student.getByRole('textbox', { name: 'Message' });
  await expectGrowsToFive(box);

  // More messages than the screen holds (five, the most a second allows): each one sent sits just above the box.
  for (let i = 1; i <= 5; i += 1) {
    await write(student, `Question number ${i} about the lease\n${lines(3)}`);
    const sent = bubbles(student, `Question number ${i} about the lease`);
    await expect(sent).not.toContainText('Sending…');
    await expectNewestAboveBox(sent, box);
  }
  const last = bubbles(student, 'Question number 5 about the lease');
  await expectFitsTheScreen(student);
  await expect(student.locator('footer')).toBeHidden();
  // Crisis help stays one tap away.
  await expect(student.getByRole('button', { name: 'Quick exit' })).toBeInViewport();
  await expect(student.getByRole('button', { name: 'Urgent help' })).toBeInViewport();
  // The badge says the conversation is open, not that anyone is online.
  const badge = student
    .getByRole('region', { name: title })
    .getByTitle('This conversation is open: you can both still send messages.');
  await expect(badge).toHaveText(/^Open/);
  await expect(student.getByText('Active', { exact: true })).toHaveCount(0);

  // The mentor opens the conversation: the student sees Seen under their last message.
  await expect(student.getByText('Seen', { exact: true })).toHaveCount(0);
  await mentor.getByRole('link', { name: new RegExp(title) }).click();
  await expect(bubbles(mentor, 'Question number 5 about the lease')).toBeVisible();
  await expect(last.getByText('Seen', { exact: true })).toBeVisible();
  await expect(student.getByText('Seen', { exact: true })).toHaveCount(1);

  // Their reply comes in just above the box, and needs no Seen of ours.
  await write(mentor, 'Happy to help with the lease.');
  const reply = bubbles(student, 'Happy to help with the lease.');
  await expect(reply).toBeVisible();
  await expectNewestAboveBox(reply, box);
  await expect(student.getByText('Seen', { exact: true })).toHaveCount(0);
  await expectNoViolations(student, '/chat at 360 px with a conversation');

  await closeConversation(student.request, student);
  await studentContext.close();
  await mentorContext.close();
});

test('in Vietnamese the badge says the conversation is open, and Seen reads Đã xem', async ({ browser }) => {
  const { student, mentor, studentContext, mentorContext, mentorId } = await twoPeople(browser, {
    locale: 'vi',
  });
  await student.setViewportSize(PHONE);
  await expect(student.getByRole('link', { name: 'Tìm người hướng dẫn' })).toHaveAttribute(
    'href',
    '/mentors',
  );
  await student.getByRole('button', { name: 'Bắt đầu cuộc trò chuyện mới' }).click();
  const dialog = student.getByRole('dialog');
  await dialog.getByLabel('Người hướng dẫn', { exact: true }).selectOption(mentorId);
  await dialog.getByLabel('Tiêu đề cuộc trò chuyện', { exact: true }).fill('Hỏi về hợp đồng thuê nhà');
  await dialog.getByRole('button', { name: 'Bắt đầu trò chuyện' }).click();
  await expect(toast(student, 'Đã bắt đầu cuộc trò chuyện mới!')).toBeVisible();
  const badge = student
    .getByRole('region', { name: 'Hỏi về hợp đồng thuê nhà' })
    .getByTitle('Cuộc trò chuyện này đang mở: hai bên vẫn có thể nhắn tin cho nhau.');
  await expect(badge).toHaveText(/^Đang mở/);
  await expect(student.locator('body')).not.toContainText('Đang hoạt động');
  await write(student, 'Chào anh chị', 'Tin nhắn');
  await mentor.getByRole('link', { name: /Hỏi về hợp đồng thuê nhà/ }).click();
  await expect(bubbles(student, 'Chào anh chị').getByText('Đã xem', { exact: true })).toBeVisible();
  await expectFitsTheScreen(student);
  await expectNoViolations(student, '/chat at 360 px in Vietnamese with Đã xem');
  await closeConversation(student.request, student);
  await studentContext.close();
  await mentorContext.close();
});

test('on a phone Chloe fills the screen, the newest answer sits above the box, and the box grows to five lines', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/chloe');
  await expect(page.locator('footer')).toBeHidden();
  await expectFitsTheScreen(page);
  const box = page.getByRole('textbox', { name: 'Message to Chloe' });
  await expectGrowsToFive(box);

  const log = page.getByRole('log', { name: 'Conversation with Chloe' });
  for (const question of ['How does Mentor Me work?', 'How do I get a tax file number?']) {
    await box.fill(question);
    await box.press('Enter');
    await expect(log).toContainText(question);
    await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  }
  await expect(box).toBeInViewport({ ratio: 1 });
  await expect(log.locator('[data-role="user"]').last()).toBeInViewport({ ratio: 1 });
  await expect(log.locator('[data-role="chloe"]').last()).toBeInViewport();
  await expectFitsTheScreen(page);
  await expect(page.getByRole('button', { name: 'Quick exit' })).toBeInViewport();
  await expect(page.locator('footer')).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Privacy Policy' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expectNoViolations(page, '/chloe at 360 px with answers');
});

test("a mentor's Start a conversation opens with the mentor chosen and asks only what to talk about", async ({
  page,
  browser,
}) => {
  const mentorContext = await browser.newContext();
  const { id: mentorId, displayName } = await signInFast(await mentorContext.newPage(), { role: 'mentor' });
  await mentorContext.close();
  await page.setViewportSize(PHONE);
  await signInFast(page, await createUser(page.request, newUser('student')), `/mentors/${mentorId}`);
  await page.getByRole('link', { name: 'Start a conversation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start a conversation' });
  await expect(dialog).toContainText(displayName);
  await expect(dialog.getByRole('combobox')).toHaveCount(0);
  await expect(dialog.getByRole('textbox')).toHaveCount(1);
  await expectNoViolations(page, 'Start a conversation with a chosen mentor');
  await dialog
    .getByRole('textbox', { name: 'What would you like to talk about?' })
    .fill('My first tax return');
  await dialog.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(toast(page, 'New conversation started!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'My first tax return' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeInViewport({ ratio: 1 });
  await closeConversation(page.request, page);
});
