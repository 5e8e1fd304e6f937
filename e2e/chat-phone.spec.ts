import { expect, type Locator, type Page } from '@playwright/test';
import { bubbles, closeConversation, startConversation, twoPeople, write } from './chat-helpers';
import { createUser, expectNoViolations, newUser, signInFast, toast, test, chooseLanguage } from './fixtures';

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

test('/chat offers "Find a Mentor", leading to /mentors, and the navigation’s Mentors stays on /chat', async ({
  page,
}) => {
  await signInFast(page, await createUser(page.request, newUser('student')), '/chat');
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Mentors' }),
  ).toHaveAttribute('href', '/chat');
  const find = page.getByRole('link', { name: 'Find a Mentor' });
  await expect(find).toHaveAttribute('href', '/mentors');
  await find.click();
  await expect(page).toHaveURL('/mentors');
  await expect(page.getByRole('heading', { level: 1, name: 'Mentors' })).toBeVisible();
});

test('on a phone no footer is drawn on /chat and /chloe, and its links are in the menu', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInFast(page, await createUser(page.request, newUser('student')), '/chat');
  for (const path of ['/chat', '/chloe']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
    await expect(page.locator('footer'), path).toBeHidden();
    // Crisis help stays one tap away.
    await expect(page.getByRole('button', { name: 'Quick Exit' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Urgent Help' })).toBeInViewport();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    for (const name of [
      'Browse Mentors',
      'About Us',
      'Privacy Policy',
      'Terms of Service',
      'Community Guidelines',
    ])
      await expect(drawer.getByRole('link', { name, exact: true }), path).toBeAttached();
    await page.keyboard.press('Escape');
  }
  // Elsewhere the footer is where it was.
  await page.goto('/faq');
  await expect(page.locator('footer')).toBeAttached();
  await page.locator('footer').scrollIntoViewIfNeeded();
  await expect(page.locator('footer')).toBeVisible();
});

test('on a phone an open conversation fills the screen: each message sent and each reply sits just above the box', async ({
  browser,
}) => {
  const { student, mentor, studentContext, mentorContext, mentorId } = await twoPeople(browser);
  await student.setViewportSize(PHONE);
  const title = `Renting a room ${Date.now()}`;
  await startConversation(student, mentorId, title);
  const box = student.getByRole('textbox', { name: 'Message' });
  // More than the screen holds (five messages, the most a second allows): each one sent sits just above the box.
  for (let i = 1; i <= 5; i += 1) {
    await write(student, `Question number ${i} about the lease\n${lines(3)}`);
    const sent = bubbles(student, `Question number ${i} about the lease`);
    await expect(sent).not.toContainText('Sending…');
    await expectFitsTheScreen(student);
    await expectNewestAboveBox(sent, box);
  }
  await mentor.getByRole('link', { name: new RegExp(title) }).click();
  await write(mentor, 'Happy to help with the lease.');
  const reply = bubbles(student, 'Happy to help with the lease.');
  await expect(reply).toBeVisible();
  await expectNewestAboveBox(reply, box);
  await expectFitsTheScreen(student);
  await expect(student.getByRole('button', { name: 'Quick Exit' })).toBeInViewport();
  await expectNoViolations(student, '/chat at 360 px with a conversation');
  await closeConversation(student.request, student);
  await studentContext.close();
  await mentorContext.close();
});

test('the message box starts at one line, grows to five, then scrolls, with a mentor and with Chloe', async ({
  browser,
}) => {
  const { student, studentContext, mentorContext, mentorId } = await twoPeople(browser);
  await student.setViewportSize(PHONE);
  await startConversation(student, mentorId, `Growing box ${Date.now()}`);
  await expectGrowsToFive(student.getByRole('textbox', { name: 'Message' }));
  await closeConversation(student.request, student);
  await student.goto('/chloe');
  await expectGrowsToFive(student.getByRole('textbox', { name: 'Message to Chloe' }));
  await studentContext.close();
  await mentorContext.close();
});

test('the sender sees Seen under their message once the mentor has opened the conversation, Đã xem in Vietnamese', async ({
  browser,
}) => {
  const { student, mentor, studentContext, mentorContext, mentorId } = await twoPeople(browser);
  const title = `Seen ${Date.now()}`;
  await startConversation(student, mentorId, title);
  await write(student, 'Are you there?');
  const mine = bubbles(student, 'Are you there?');
  await expect(mine).not.toContainText('Sending…');
  await expect(student.getByText('Seen', { exact: true })).toHaveCount(0);
  await mentor.getByRole('link', { name: new RegExp(title) }).click();
  await expect(bubbles(mentor, 'Are you there?')).toBeVisible();
  await expect(mine.getByText('Seen', { exact: true })).toBeVisible();
  await expect(student.getByText('Seen', { exact: true })).toHaveCount(1);
  await chooseLanguage(student, 'Tiếng Việt');
  await expect(mine.getByText('Đã xem', { exact: true })).toBeVisible();
  // A reply says they read it: no Seen is needed any more.
  await write(mentor, 'Yes, I am here.');
  await expect(bubbles(student, 'Yes, I am here.')).toBeVisible();
  await expect(student.getByText('Đã xem', { exact: true })).toHaveCount(0);
  await expectNoViolations(student, '/chat with Đã xem');
  await closeConversation(student.request, student);
  await studentContext.close();
  await mentorContext.close();
});

test('the status badge says the conversation is open, not that anyone is online, in both languages', async ({
  browser,
}) => {
  const { student, studentContext, mentorContext, mentorId } = await twoPeople(browser);
  const title = `Open badge ${Date.now()}`;
  await startConversation(student, mentorId, title);
  const pane = student.getByRole('region', { name: title });
  await expect(pane.getByTitle('This conversation is open: you can both still send messages.')).toHaveText(
    /^Open/,
  );
  await expect(student.getByText('Active', { exact: true })).toHaveCount(0);
  await chooseLanguage(student, 'Tiếng Việt');
  await expect(
    pane.getByTitle('Cuộc trò chuyện này đang mở: hai bên vẫn có thể nhắn tin cho nhau.'),
  ).toHaveText(/^Đang mở/);
  await expect(student.locator('body')).not.toContainText('Đang hoạt động');
  await closeConversation(student.request, student);
  await student.reload();
  await expect(
    pane.getByTitle('Cuộc trò chuyện này đã đóng: không thể gửi thêm tin nhắn trong đó.'),
  ).toHaveText(/^Đã đóng/);
  await studentContext.close();
  await mentorContext.close();
});

test('on a phone Chloe fills the screen, and the newest answer sits above the box', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/chloe');
  await expectFitsTheScreen(page);
  const box = page.getByRole('textbox', { name: 'Message to Chloe' });
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
  await expect(page.getByRole('button', { name: 'Quick Exit' })).toBeInViewport();
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
  await page.getByRole('link', { name: 'Start a Conversation' }).click();
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
