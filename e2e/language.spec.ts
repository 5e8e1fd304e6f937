import { expect, type Page } from '@playwright/test';
import {
  accountMenuButton,
  apiSignIn,
  confirmEmail,
  createUser,
  expectNoViolations,
  fillLogin,
  linkFromMail,
  newUser,
  ORIGIN,
  signInFast,
  test,
  chooseLanguage,
} from './fixtures';

/**
 * Vietnamese stays Vietnamese: every browser here starts in English (a new device, a phone set to English), and a
 * Vietnamese account's emails and sign-in still open the app in Vietnamese.
 */

const NEW_PASSWORD = 'Harbour-Lantern-Quiet-58';

/** The page is Vietnamese: its language, and the header's switch offering English. */
async function expectVietnamese(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(page.getByRole('button', { name: /^Đổi ngôn ngữ \(Tiếng Việt\)/ }).first()).toBeVisible();
}

test('a Vietnamese account’s reset email opens /reset-password in Vietnamese, and it stays so', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { ...newUser(), locale: 'vi' });
  const asked = await request.post('/api/auth/password-reset', {
    data: { email: user.email },
    headers: { origin: ORIGIN },
  });
  expect(asked.status()).toBe(202);
  const link = await linkFromMail(user.email, '/reset-password');
  expect(new URL(link).searchParams.get('lang')).toBe('vi');

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(link);
  // The token and the language leave the address; the page is in the email's language.
  await expect(page).toHaveURL('/reset-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Đặt mật khẩu mới' })).toBeVisible();
  await expectVietnamese(page);
  await expectNoViolations(page, '/reset-password from a Vietnamese email (360 px)');
  await page.getByLabel('Mật khẩu mới', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Xác nhận mật khẩu mới', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Lưu mật khẩu mới' }).click();
  await expect(page.getByText('Mật khẩu của bạn đã được đổi. Mọi thiết bị đã bị đăng xuất.')).toBeVisible();

  // The next page, opened afresh, is Vietnamese too: the browser remembers.
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chào mừng bạn trở lại');
  await expectVietnamese(page);
});

test('a Vietnamese account’s confirmation and unsubscribe links open their pages in Vietnamese', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { ...newUser(), locale: 'vi' });
  await page.goto(await linkFromMail(user.email, '/verify-email'));
  await expect(page).toHaveURL('/verify-email');
  await expect(page.getByText(`Email ${user.email} của bạn đã được xác nhận.`)).toBeVisible();
  await expectVietnamese(page);

  // A reply to their question is emailed to them, with a link that turns such emails off.
  expect(await apiSignIn(request, user.email, user.password)).toBe(200);
  const asked = await request.post('/api/questions', {
    data: { title: `Tiền thế chân ${Date.now()}`, content: 'Chủ nhà giữ toàn bộ tiền thế chân của tôi.' },
    headers: { origin: ORIGIN },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const { id } = (await asked.json()) as { id: string };
  const replier = await createUser(page.request);
  expect(await apiSignIn(page.request, replier.email, replier.password)).toBe(200);
  const replied = await page.request.post(`/api/questions/${id}/replies`, {
    data: { content: 'Apply to the bond authority yourself; it is free.' },
    headers: { origin: ORIGIN },
  });
  expect(replied.ok(), await replied.text()).toBe(true);
  await page.request.post('/api/auth/signout', { headers: { origin: ORIGIN } });
  // The browser goes back to English, as another device would be.
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();

  await page.goto(await linkFromMail(user.email, '/unsubscribe'));
  await expect(page).toHaveURL('/unsubscribe');
  await expect(page.getByRole('button', { name: 'Tắt loại email này' })).toBeVisible();
  await expectVietnamese(page);
});

test('a Vietnamese member signing in on a new English browser gets the Vietnamese app', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { ...newUser(), locale: 'vi' });
  await confirmEmail(request, user.email);
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await fillLogin(page, user.email, user.password);

  // The welcome is in Vietnamese already.
  await expect(page.getByRole('listitem').filter({ hasText: 'Chào mừng bạn trở lại!' })).toBeVisible();
  await expect(accountMenuButton(page)).toHaveAccessibleName(`Menu tài khoản của ${user.displayName}`);
  await expectVietnamese(page);
  await expectNoViolations(page, 'the feed after a Vietnamese member signed in');

  // It stays Vietnamese on the next page load.
  await page.reload();
  await expectVietnamese(page);
});

test('a member who switches to Tiếng Việt keeps it on the next browser they sign in on', async ({
  page,
  browser,
  request,
}) => {
  const user = await createUser(request);
  await signInFast(page, user, '/faq');
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/me') && response.request().method() === 'PATCH',
  );
  await chooseLanguage(page, 'Tiếng Việt');
  expect((await saved).status()).toBe(200);
  await expectVietnamese(page);

  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto('/login');
  await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'en');
  await fillLogin(elsewhere, user.email, user.password);
  await expect(accountMenuButton(elsewhere)).toHaveAccessibleName(`Menu tài khoản của ${user.displayName}`);
  await expectVietnamese(elsewhere);
  await other.close();
});
