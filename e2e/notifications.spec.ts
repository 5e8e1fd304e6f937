import { expect, type Page } from '@playwright/test';
import {
  apiSignIn,
  confirmEmail,
  createUser,
  expectNoViolations,
  mailTo,
  newUser,
  ORIGIN,
  signInFast,
  test,
} from './fixtures';

/** The header's bell, named with the unread count ("Notifications, 1 unread"). */
const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

/** Asks a question as the page's signed-in person; gives its id. */
async function ask(page: Page, title: string): Promise<string> {
  const response = await page.request.post('/api/questions', {
    data: { title, content: 'I start a casual job next week and the form asks for one.' },
    headers: { origin: ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test('a reply rings the asker’s bell live, opens from /notifications, and is emailed', async ({
  browser,
}) => {
  // Chloe's answer and the email come from jobs: more than the default half-minute in all.
  test.setTimeout(60_000);
  const studentContext = await browser.newContext();
  const mentorContext = await browser.newContext();
  const student = await studentContext.newPage();
  const mentor = await mentorContext.newPage();

  // A student whose address is confirmed (emails go only to confirmed addresses) asks a question.
  const user = await createUser(student.request, newUser('student'));
  await confirmEmail(student.request, user.email);
  await signInFast(student, user, '/');
  await expect(bell(student)).toHaveAccessibleName('Notifications');
  const title = `Where do I get a TFN ${Date.now()}`;
  const questionId = await ask(student, title);

  // Chloe answers every question first: her notification is read, so the next one is the mentor's alone.
  await expect(bell(student)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 20_000 });
  const read = await student.request.post('/api/notifications/read', {
    data: { all: true },
    headers: { origin: ORIGIN },
  });
  expect(read.ok(), await read.text()).toBe(true);
  await expect(bell(student)).toHaveAccessibleName('Notifications');

  // A mentor, on another device, answers it.
  const aboutIt = async () =>
    (await mailTo(user.email)).filter((mail) => mail.subject.includes(title)).length;
  const emailsBefore = await aboutIt();
  const { displayName: mentorName } = await signInFast(
    mentor,
    { role: 'mentor' },
    `/questions/${questionId}`,
  );
  await mentor.getByLabel('Your reply').fill('Apply on the ATO website; it takes about a month.');
  await mentor.getByRole('button', { name: 'Post Reply' }).click();
  await expect(mentor.getByRole('listitem').filter({ hasText: 'Apply on the ATO website' })).toBeVisible();

  // The student's bell counts it without a reload.
  await expect(bell(student)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 2_000 });

  // Its email reaches the student (looked for before the tap: a notification read in time needs no email).
  await expect
    .poll(aboutIt, { message: `an email to ${user.email} about the reply`, timeout: 20_000 })
    .toBeGreaterThan(emailsBefore);

  await bell(student).click();
  await expect(student).toHaveURL(/\/notifications$/);
  await expect(student.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const item = student.getByRole('link', { name: new RegExp(`^Unread: ${mentorName} replied .*${title}`) });
  await expect(item).toBeVisible();
  await expectNoViolations(student, '/notifications with an unread notification');

  // One tap opens the question and reads the notification.
  await item.click();
  await expect(student).toHaveURL(new RegExp(`/questions/${questionId}#reply-`));
  await expect(student.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(bell(student)).toHaveAccessibleName('Notifications');

  await studentContext.close();
  await mentorContext.close();
});

test('an emailed unsubscribe link works without signing in and says what it turned off', async ({
  page,
  request,
}) => {
  // A member's reply to the question is the one the email is about (Chloe's is emailed only ten minutes later).
  const user = await createUser(request, newUser('student'));
  await confirmEmail(request, user.email);
  expect(await apiSignIn(request, user.email, user.password)).toBe(200);
  const asked = await request.post('/api/questions', {
    data: { title: `Bond refund ${Date.now()}`, content: 'My landlord keeps the whole bond.' },
    headers: { origin: ORIGIN },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const { id: questionId } = (await asked.json()) as { id: string };
  const replier = await createUser(page.request, newUser('student'));
  expect(await apiSignIn(page.request, replier.email, replier.password)).toBe(200);
  const replied = await page.request.post(`/api/questions/${questionId}/replies`, {
    data: { content: 'Apply to the bond authority yourself; it is free.' },
    headers: { origin: ORIGIN },
  });
  expect(replied.ok(), await replied.text()).toBe(true);
  await page.request.post('/api/auth/signout', { headers: { origin: ORIGIN } });

  const pattern = /https?:\/\/\S+\/unsubscribe\?token=[\w%-]+/;
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await mailTo(user.email)).map((mail) => pattern.exec(mail.text)?.[0]).find(Boolean);
        return link;
      },
      { message: 'an email with an unsubscribe link', timeout: 20_000 },
    )
    .toBeDefined();

  const { pathname, search } = new URL(link!);
  await page.goto(pathname + search);
  // The token leaves the address at once; opening the link changes nothing until the button is pressed.
  await expect(page).toHaveURL(/\/unsubscribe$/);
  await expect(page.getByRole('button', { name: 'Turn Off These Emails' })).toBeVisible();
  await expectNoViolations(page, '/unsubscribe (before)');
  await page.getByRole('button', { name: 'Turn Off These Emails' }).click();
  await expect(
    page.getByText('Done. You will no longer get these emails: “Someone replies to my question”.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose Which Emails You Get' })).toBeVisible();
  await expectNoViolations(page, '/unsubscribe');
});

test('/notifications opened from a link shows a new notification as it comes, without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/notifications') && response.status() >= 400)
      refused.push(`${response.status()} ${response.url()}`);
  });
  await signInFast(page, await createUser(page.request), '/');
  const title = `Which bank takes a new arrival ${Date.now()}`;
  const questionId = await ask(page, title);
  // Chloe's answer rings first; then the list is opened as a page load, its first page drawn in the page's frame.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 20_000 });
  await page.goto('/notifications');
  await expect(page.getByRole('link', { name: new RegExp(`^Unread: Chloe .*${title}`) })).toBeVisible();

  // Another member answers on another device: the list shows it while it is open.
  const other = await createUser(request);
  expect(await apiSignIn(request, other.email, other.password)).toBe(200);
  const reply = await request.post(`/api/questions/${questionId}/replies`, {
    data: { content: 'Most banks open an account online before you land; bring your passport to a branch.' },
    headers: { origin: ORIGIN },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  await expect(
    page.getByRole('link', { name: new RegExp(`^Unread: ${other.displayName} replied .*${title}`) }),
  ).toBeVisible({ timeout: 5_000 });
  expect(refused).toEqual([]);
});
