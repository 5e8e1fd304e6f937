import { expect, type Page } from '@playwright/test';
import {
  apiSignIn,
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
  for (let pages = 0; pages < 20 && !(await item.isVisible()); pages += 1) {
    await expect(item.or(more)).toBeVisible();
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

  const mentorContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const mentor = await mentorContext.newPage();
  await signInFast(mentor, { role: 'mentor' }, '/');
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
  await expect(mentor.getByText('You are answering this')).toBeVisible();
  await mentor
    .getByRole('textbox', { name: 'Your reply' })
    .fill('Ask your employer for it in writing first.');
  await mentor.getByRole('button', { name: 'Post Reply' }).click();
  await expect(mentor.getByText('Ask your employer for it in writing first.')).toBeVisible();

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
