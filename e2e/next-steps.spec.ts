import { expect, type Page, type Route } from '@playwright/test';
import {
  accountMenuButton,
  createUser,
  expectNoViolations,
  fillSignup,
  linkFromMail,
  mailTo,
  newUser,
  signInFast,
  toast,
  uniqueEmail,
  test,
  chooseLanguage,
} from './fixtures';

/** Tell people what comes next: after signing up, and after asking. */

test('after sign-up, the check-your-email step sends the link again and changes an address typed wrong', async ({
  page,
  context,
}) => {
  const user = newUser();
  await page.goto('/signup');
  await fillSignup(page, user);

  await expect(toast(page, 'Account created!')).toBeVisible();
  await expect(page).toHaveURL('/check-email?next=%2F');
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(
    page.getByText(`We sent a link to ${user.email}. Open it to confirm your address.`),
  ).toBeVisible();
  await expect(accountMenuButton(page, user.displayName)).toBeVisible();
  await expectNoViolations(page, '/check-email');
  const firstLink = await linkFromMail(user.email, '/verify-email');

  // Send it again: a second email comes.
  await page.getByRole('button', { name: 'Send the Link Again' }).click();
  await expect(toast(page, `We sent a new link to ${user.email}.`)).toBeVisible();
  await expect.poll(async () => (await mailTo(user.email)).length, 'a second email to the address').toBe(2);

  // Wrong address: the right one, with the password, by keyboard.
  const right = uniqueEmail('right');
  await page.getByRole('button', { name: 'Change It' }).click();
  await page.getByLabel('Right email address').fill(right);
  await page.getByLabel('Your password').fill(user.password);
  await page.getByLabel('Your password').press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Your address is now' })).toHaveText(
    `Your address is now ${right}. We sent the link there.`,
  );
  await expect(page.getByText(`We sent a link to ${right}. Open it to confirm your address.`)).toBeVisible();
  await expectNoViolations(page, '/check-email after changing the address');

  // The link sent to the wrong address no longer works; the right one's does, and this tab hears of it.
  const other = await context.newPage();
  await other.goto(firstLink);
  await expect(other.getByText('This link has been used, has expired or is not valid.')).toBeVisible();
  await other.goto(await linkFromMail(right, '/verify-email'));
  await expect(other.getByText(`Your email ${right} is confirmed.`)).toBeVisible();
  await other.close();
  await expect(page.getByText(`Your email ${right} is confirmed.`)).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/');
});

test('the check-your-email step reads well on a phone, in Vietnamese', async ({ page }) => {
  const user = newUser();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/signup');
  await chooseLanguage(page, 'Tiếng Việt');
  await page.getByLabel('Tên hiển thị', { exact: true }).fill(user.displayName);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Vai trò', { exact: true }).selectOption('student');
  await page.getByLabel('Mật khẩu', { exact: true }).fill(user.password);
  await page.getByLabel('Xác nhận mật khẩu', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Tạo tài khoản' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Kiểm tra email của bạn' })).toBeVisible();
  await page.getByRole('button', { name: 'Đổi địa chỉ' }).click();
  await expect(page.getByLabel('Địa chỉ email đúng')).toBeVisible();
  await expectNoViolations(page, '/check-email (vi, 360 px)');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

/**
 * Holds the page's own fetches of a question until released, so the test sees the page as it opens right after
 * asking, before it has fetched the question again.
 */
async function holdQuestionFetches(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/api\/questions\/[0-9a-f-]{36}$/, async (route) => {
    if (released || route.request().method() !== 'GET') return route.continue();
    held.push(route);
  });
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

test('after asking, the question’s page says Chloe is answering, then shows her answer, and who tells of replies', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await signInFast(page, user, '/latest');
  const release = await holdQuestionFetches(page);
  await page.getByRole('button', { name: 'Ask a Question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
  const title = `How do I open a bank account? ${Date.now()}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Details').fill('I arrived last week on a student visa.');
  await dialog.getByRole('button', { name: 'Post Question' }).click();

  await expect(page).toHaveURL(/\/questions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Chloe is answering…' })).toBeVisible();
  await expect(
    page.getByText('We will tell you when a person replies (look for the bell at the top of the page).'),
  ).toBeVisible();
  await expectNoViolations(page, 'a question right after asking');

  await release();
  const answer = page.getByRole('listitem').filter({ hasText: 'Chloe (AI assistant)' });
  await expect(answer).toBeVisible();
  await expect(page.getByText('Chloe is answering…')).toHaveCount(0);
  // Until a person replies, the asker still knows they will be told.
  await expect(page.getByText(/^We will tell you when a person replies/)).toBeVisible();
});

test('after asking a question Chloe has nothing on, the page stops waiting for her and says a person will answer', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await signInFast(page, user, '/latest');
  await page.getByRole('button', { name: 'Ask a Question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
  await dialog.getByLabel('Title').fill(`Can I bring my cat on the plane to Australia? ${Date.now()}`);
  await dialog.getByLabel('Details').fill('She is a small tabby and travels well.');
  await dialog.getByRole('button', { name: 'Post Question' }).click();

  await expect(page).toHaveURL(/\/questions\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('status').filter({
      hasText: 'Chloe has nothing on this in the official sources she answers from, so she did not reply.',
    }),
  ).toBeVisible();
  await expect(page.getByText('Chloe is answering…')).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: 'Chloe (AI assistant)' })).toHaveCount(0);
  await expect(page.getByText(/^We will tell you when a person replies/)).toBeVisible();
  await expectNoViolations(page, 'a question Chloe has nothing on, right after asking');
});
