import { expect } from '@playwright/test';
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
  uniqueEmail,
  test,
} from './fixtures';

const NEW_PASSWORD = 'Harbour-Lantern-Quiet-58';

test('a person who forgot their password gets back in from the email, and the old password stops working', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByText(`If an account uses ${user.email}, we have sent it a link`)).toBeVisible();

  // The link as it arrived at the mail server; the page takes the token out of the address at once.
  const link = await linkFromMail(user.email, '/reset-password');
  const response = await page.goto(link);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page).toHaveURL('/reset-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expectNoViolations(page, '/reset-password (en, 1280 px)');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page.getByText('Your password is changed. Every device was signed out.')).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/login');
  await fillLogin(page, user.email, NEW_PASSWORD);
  await expect(accountMenuButton(page, user.displayName)).toBeVisible();
  expect(await apiSignIn(request, user.email, user.password)).toBe(401);

  // The same link a second time: used, and the page offers a new one.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Another-Harbour-Lantern-3');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Another-Harbour-Lantern-3');
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page.getByText('This link has been used, has expired or is not valid.')).toBeVisible();
  await page.getByRole('link', { name: 'Get a New Link' }).click();
  await expect(page).toHaveURL('/forgot-password');
});

test('a new account confirms its address from the email, in the email’s Vietnamese', async ({
  page,
  request,
}) => {
  // The browser is set to English: the link carries the account's language.
  const user = await createUser(request, { ...newUser(), locale: 'vi' });
  const link = await linkFromMail(user.email, '/verify-email');
  await page.goto(link);
  await expect(page).toHaveURL('/verify-email');
  await expect(page.getByText(`Email ${user.email} của bạn đã được xác nhận.`)).toBeVisible();
  await expectNoViolations(page, '/verify-email (vi, 1280 px)');
});

test('the forgot-password page reads well on a phone and passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoViolations(page, '/forgot-password (en, 360 px)');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the owner cancels an email change they did not ask for from the notice, on a phone, in Vietnamese', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { ...newUser(), locale: 'vi' });
  await confirmEmail(request, user.email);
  // Someone who knows the password, signed in elsewhere, asks to move the account to their own address.
  expect(await apiSignIn(request, user.email, user.password)).toBe(200);
  const asked = await request.patch('/api/auth/me', {
    data: { email: uniqueEmail('taker'), currentPassword: user.password },
    headers: { origin: ORIGIN },
  });
  expect(asked.status(), await asked.text()).toBe(200);

  // The notice is in the account's Vietnamese, and so is the page its link opens.
  await page.setViewportSize({ width: 360, height: 740 });
  const response = await page.goto(await linkFromMail(user.email, '/cancel-email-change'));
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page).toHaveURL('/cancel-email-change');
  await expect(page.getByRole('heading', { level: 1, name: 'Huỷ việc đổi email' })).toBeVisible();
  await expectNoViolations(page, '/cancel-email-change (vi, 360 px)');
  // Opening the link changed nothing: the other device is still signed in until the button is pressed.
  expect((await request.get('/api/auth/me')).status()).toBe(200);
  await page.getByRole('button', { name: 'Huỷ việc đổi email' }).click();
  await expect(page.getByText(`Email của tài khoản là ${user.email}`)).toBeVisible();
  expect((await request.get('/api/auth/me')).status()).toBe(401);

  await page.getByRole('button', { name: 'Gửi cho tôi liên kết để chọn mật khẩu mới' }).click();
  await expect(page.getByText(`Nếu có tài khoản dùng ${user.email}`)).toBeVisible();
  await expectNoViolations(page, '/cancel-email-change done (vi, 360 px)');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
