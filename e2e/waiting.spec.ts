import { expect, type Page } from '@playwright/test';
import {
  apiSignIn,
  confirmEmail,
  createUser,
  expectNoViolations,
  newUser,
  ORIGIN,
  signInFast,
  test,
  type TestUser,
} from './fixtures';

/** A new member asks through `request` (its own cookies); gives the question's id. */
async function ask(
  request: Parameters<typeof createUser>[0],
  title: string,
  category: string,
  author: TestUser = newUser(),
): Promise<string> {
  await createUser(request, author);
  expect(await apiSignIn(request, author.email, author.password)).toBe(200);
  const response = await request.post('/api/questions', {
    data: { title, content: 'I arrived two weeks ago and nobody has told me where to begin.', category },
    headers: { origin: ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The waiting question's item on /mentor, paging on with Show More until it is there. */
async function waitingItem(page: Page, title: string) {
  const item = page.getByRole('listitem').filter({ hasText: title });
  const more = page.getByRole('button', { name: 'Show More' });
  await expect(page.getByRole('heading', { name: 'Waiting for you', level: 1 })).toBeVisible();
  for (let pages = 0; pages < 20; pages += 1) {
    // The item, or the button to the next page, whichever the list shows (both, when the item is on this page).
    await expect(item.or(more).first()).toBeVisible();
    if (await item.isVisible()) break;
    await more.click();
  }
  await expect(item).toBeVisible();
  return item;
}

test('a mentor finds a question waiting in their topics, takes it, and their reply frees it', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const title = `No payslip after three weeks of work ${Date.now()}`;
  const questionId = await ask(request, title, 'work-career');

  // A mentor of the test's own (the demo mentor's replies are spaced by the posting limits other specs share).
  const mentorUser = await createUser(request, newUser('mentor'));
  await confirmEmail(request, mentorUser.email);
  const admin = await browser.newContext();
  const adminIn = await admin.request.post('/api/auth/demo', {
    data: { role: 'admin' },
    headers: { origin: ORIGIN },
  });
  expect(adminIn.ok()).toBe(true);
  const mentorContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const mentor = await mentorContext.newPage();
  expect(await apiSignIn(mentor.request, mentorUser.email, mentorUser.password)).toBe(200);
  const { user: mentorRecord } = (await (await mentor.request.get('/api/auth/me')).json()) as {
    user: { id: string };
  };
  const verified = await admin.request.post(`/api/admin/users/${mentorRecord.id}/verify`, {
    data: {},
    headers: { origin: ORIGIN },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  await admin.close();
  const profile = await mentor.request.patch('/api/me/mentor-profile', {
    data: { topics: ['work-career'], languages: ['en'] },
    headers: { origin: ORIGIN },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  await signInFast(mentor, mentorUser, '/');
  // The header leads a mentor to what waits for them.
  await mentor.getByRole('button', { name: 'Open menu' }).click();
  await mentor.getByRole('dialog').getByRole('link', { name: 'Waiting for You' }).click();
  await expect(mentor).toHaveURL(/\/mentor$/);
  const item = await waitingItem(mentor, title);
  await expect(item.getByText('Your topic and language')).toBeVisible();
  await expectNoViolations(mentor, '/mentor at 360 px');
  expect(await mentor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await item.getByRole('button', { name: 'I’m Answering This' }).click();
  await expect(item.getByRole('button', { name: 'Release' })).toBeVisible();

  // Anyone else reading the question sees that a mentor is on it, never who.
  const reader = await browser.newPage();
  await reader.goto(`/questions/${questionId}`);
  await expect(reader.getByText('A mentor is answering this')).toBeVisible();

  await item.getByRole('link', { name: title }).click();
  await expect(mentor.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(mentor.getByRole('main').getByText('You are answering this')).toBeVisible();
  await expect(mentor.getByRole('main').getByRole('button', { name: 'Release' })).toBeVisible();
  // The mentor's reply (the form itself is the questions specs' to test) ends the claim.
  const replied = await mentor.request.post(`/api/questions/${questionId}/replies`, {
    data: { content: 'Ask your employer for it in writing first.' },
    headers: { origin: ORIGIN },
  });
  expect(replied.status(), await replied.text()).toBe(201);

  await reader.reload();
  await expect(reader.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(reader.getByText('A mentor is answering this')).toHaveCount(0);
  await mentorContext.close();
  await reader.close();
});

test('a member who follows a topic hears of its next question', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const follower = await createUser(page.request);
  await signInFast(page, follower, '/?category=housing');
  const follow = page.getByRole('button', { name: 'Follow This Topic' });
  await follow.click();
  await expect(page.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');

  const title = `Bond not returned after moving out ${Date.now()}`;
  const asker = await browser.newContext();
  await ask(asker.request, title, 'housing');
  await asker.close();

  await page.goto('/notifications');
  const told = page.getByRole('link', { name: new RegExp(`New question in a topic you follow: “${title}”`) });
  await expect(told).toBeVisible();
  await told.click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
});
