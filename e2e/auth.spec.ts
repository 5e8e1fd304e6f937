import { expect, type Page } from '@playwright/test';
import {
  accountMenuButton,
  apiSignIn,
  createUser,
  fillLogin,
  fillSignup,
  headerSignIn,
  newUser,
  PASSWORD,
  signInFast,
  storedUser,
  toast,
  type TestUser,
  test,
} from './fixtures';

test.describe('sign up', () => {
  test('creates an account, signs in with an HttpOnly cookie and stores no token', async ({
    page,
    context,
  }) => {
    const user = newUser();
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await fillSignup(page, user);

    await expect(toast(page, 'Account created!')).toBeVisible();
    // Next: confirming the address (e2e/next-steps.spec.ts).
    await expect(page).toHaveURL('/check-email?next=%2F');
    await expect(accountMenuButton(page, user.displayName)).toBeVisible();

    const raw = await storedUser(page);
    expect(raw).not.toBeNull();
    const stored = JSON.parse(raw!) as Record<string, unknown>;
    expect(stored).toMatchObject({ email: user.email, displayName: user.displayName, role: 'student' });
    expect(stored).not.toHaveProperty('token');
    expect(JSON.stringify(stored)).not.toMatch(/token/i);

    const session = (await context.cookies()).find((cookie) => cookie.name.includes('mentorme_session'));
    expect(session, 'session cookie').toBeDefined();
    expect(session!.httpOnly).toBe(true);
    expect(raw).not.toContain(session!.value);
  });

  test('mismatched passwords show "Passwords don\'t match"', async ({ page }) => {
    await page.goto('/signup');
    await fillSignup(page, newUser(), { confirm: 'something-else-entirely-1' });
    await expect(toast(page, "Passwords don't match")).toBeVisible();
    await expect(page).toHaveURL('/signup');
  });

  test('no role chosen shows "Please select a role"', async ({ page }) => {
    await page.goto('/signup');
    await fillSignup(page, newUser(), { role: false });
    await expect(toast(page, 'Please select a role')).toBeVisible();
    await expect(page).toHaveURL('/signup');
  });

  test('a 7-character password shows the field error', async ({ page }) => {
    await page.goto('/signup');
    await fillSignup(page, { ...newUser(), password: 'abc1234' });
    const password = page.getByLabel('Password', { exact: true });
    await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(/Password must be at least 8 characters\./);
    await expect(page).toHaveURL('/signup');
  });

  test('an existing email shows "Signup failed"', async ({ page, request }) => {
    const existing = await createUser(request);
    await page.goto('/signup');
    await fillSignup(page, { ...newUser(), email: existing.email });
    const failed = toast(page, 'Signup failed');
    await expect(failed).toBeVisible();
    await expect(failed).toContainText('An account with this email already exists.');
    await expect(failed).toHaveClass(/bg-red-700/);
    await expect(page).toHaveURL('/signup');
  });
});

test('the Role select works within the Content Security Policy', async ({ page }) => {
  const violations: string[] = [];
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} at ${event.sourceFile}:${event.lineNumber}`),
    ),
  );
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('style-src')) violations.push(message.text());
  });
  await page.goto('/signup');
  await page.getByLabel('Role').selectOption('Mentor');
  await expect(page.getByLabel('Role')).toHaveValue('mentor');
  expect(violations).toEqual([]);
});

test.describe('sign in and out', () => {
  test('signs in with the form, then out through the account menu', async ({ page, request }) => {
    const user = await createUser(request);
    await page.goto('/login');
    await fillLogin(page, user.email, user.password);
    await expect(toast(page, 'Welcome back!')).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(accountMenuButton(page, user.displayName)).toBeVisible();
    expect(await storedUser(page)).not.toBeNull();

    await accountMenuButton(page, user.displayName).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(headerSignIn(page)).toBeVisible();
    await expect(accountMenuButton(page)).toHaveCount(0);
    expect(await storedUser(page)).toBeNull();
  });

  test('a wrong password shows "Login failed"', async ({ page, request }) => {
    const user = await createUser(request);
    await page.goto('/login');
    await fillLogin(page, user.email, 'not-the-right-password-1');
    const failed = toast(page, 'Login failed');
    await expect(failed).toBeVisible();
    await expect(failed).toContainText('Invalid email or password');
    await expect(page).toHaveURL('/login');
    expect(await storedUser(page)).toBeNull();
  });
});

test.describe('demo accounts', () => {
  for (const role of ['Admin', 'Mentor', 'Student'] as const) {
    test(`the ${role} demo account signs in`, async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Try Demo Accounts' })).toBeVisible();
      for (const name of ['Admin', 'Mentor', 'Student']) {
        await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
      }
      await page.getByRole('button', { name: role, exact: true }).click();
      await expect(toast(page, 'Welcome back!')).toBeVisible();
      await expect(page).toHaveURL('/');

      await accountMenuButton(page).click();
      const panelId = await accountMenuButton(page).getAttribute('aria-controls');
      const panel = page.locator(`[id="${panelId}"]`);
      await expect(panel).toBeVisible();
      await expect(panel.locator('p').first()).toHaveText(new RegExp(`· ${role}$`));
      await expect(panel.getByRole('link', { name: 'Profile' })).toBeVisible();
      await expect(panel.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(
        role === 'Admin' ? 1 : 0,
      );

      if (role === 'Admin') {
        await panel.getByRole('link', { name: 'Admin Dashboard' }).click();
        await expect(page).toHaveURL('/admin');
        await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
      } else {
        await page.goto('/admin');
        await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
      }
    });
  }
});

test.describe('route guard', () => {
  test('a visitor is sent to sign in and comes back to the profile', async ({ page, request }) => {
    const user = await createUser(request);
    await page.goto('/faq');
    await page.goto('/profile');
    await expect(page).toHaveURL('/login?next=%2Fprofile');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();

    // The redirect replaced the history entry: going back skips /profile.
    await page.goBack();
    await expect(page).toHaveURL('/faq');
    await page.goForward();
    await expect(page).toHaveURL('/login?next=%2Fprofile');

    await fillLogin(page, user.email, user.password);
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  });

  for (const next of ['//evil.example', 'https://evil.example']) {
    test(`next=${next} is not followed`, async ({ page, request }) => {
      const user = await createUser(request);
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await fillLogin(page, user.email, user.password);
      await expect(toast(page, 'Welcome back!')).toBeVisible();
      await expect(page).toHaveURL('/');
      await expect(accountMenuButton(page, user.displayName)).toBeVisible();
    });
  }
});

test('signing out in one tab signs the other tab out without a reload', async ({ context, request }) => {
  const user = await createUser(request);
  const pageA = await context.newPage();
  await signInFast(pageA, user);
  const pageB = await context.newPage();
  await pageB.goto('/faq');
  await expect(accountMenuButton(pageB, user.displayName)).toBeVisible();
  await pageB.evaluate(() => ((window as unknown as { marker: string }).marker = 'no reload'));

  await accountMenuButton(pageA, user.displayName).click();
  await pageA.getByRole('button', { name: 'Sign Out' }).click();
  await expect(headerSignIn(pageA)).toBeVisible();

  await expect(headerSignIn(pageB)).toBeVisible();
  await expect(accountMenuButton(pageB)).toHaveCount(0);
  expect(await pageB.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('no reload');
});

test.describe('profile', () => {
  test('changes the display name', async ({ page, request }) => {
    const user = await createUser(request);
    await signInFast(page, user, '/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    const renamed = `Renamed ${Math.random().toString(36).slice(2, 7)}`;
    await page.getByLabel('Display Name').fill(renamed);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();
    await expect(accountMenuButton(page, renamed)).toBeVisible();
    expect(JSON.parse((await storedUser(page))!)).toMatchObject({ displayName: renamed });
    await page.reload();
    await expect(page.getByLabel('Display Name')).toHaveValue(renamed);
  });

  test('changes the password and stays signed in', async ({ page, request }) => {
    const user = await createUser(request);
    await signInFast(page, user, '/profile');
    const newPassword = 'another-staple-horse-42';
    const form = page.getByRole('form', { name: 'Change Password' });
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm new password').fill(newPassword);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(toast(page, 'Password changed')).toBeVisible();

    expect(await apiSignIn(request, user.email, PASSWORD)).toBe(401);
    expect(await apiSignIn(request, user.email, newPassword)).toBe(200);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    await expect(accountMenuButton(page, user.displayName)).toBeVisible();
  });

  async function deleteAccount(page: Page, user: TestUser) {
    await signInFast(page, user, '/profile');
    await page.getByRole('button', { name: 'Delete My Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(
      'Enter your password to confirm. This cannot be undone.',
    );
    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete Permanently' }).click();
    await expect(toast(page, 'Your account has been deleted.')).toBeVisible();
  }

  test('deletes the account', async ({ page, request }) => {
    const user = await createUser(request);
    await deleteAccount(page, user);
    await expect(headerSignIn(page)).toBeVisible();
    await expect(accountMenuButton(page)).toHaveCount(0);
    expect(await storedUser(page)).toBeNull();
    expect(await apiSignIn(request, user.email, user.password)).toBe(401);

    await page.goto('/profile');
    await expect(page).toHaveURL('/login?next=%2Fprofile');
  });

  test('after deleting the account the app goes to the home page', async ({ page, request }) => {
    const user = await createUser(request);
    await deleteAccount(page, user);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Community Questions' })).toBeVisible();
  });
});
