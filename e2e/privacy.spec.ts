import { readFile } from 'node:fs/promises';
import { expect, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import {
  accountMenuButton,
  apiSignIn,
  createUser,
  drawnOnly,
  expectNoViolations,
  newUser,
  ORIGIN,
  signInFast,
  storedUser,
  tapDrawn,
  toast,
  useLanguage,
  USER_KEY,
  test,
  whenLive,
  withoutTheApp,
} from './fixtures';

const NEUTRAL_SITE = 'https://www.bom.gov.au/';
const DEMO_NOTICE = 'Demo site: sample content, not a real service';

/** There is no internet here: the neutral site answers with a page of its own. */
async function fakeNeutralSite(page: Page) {
  await page.route(/^https:\/\/www\.bom\.gov\.au\//, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Weather</title><h1>Australian weather</h1></html>',
    }),
  );
}

async function expectLeftFor(page: Page) {
  await expect(page).toHaveURL(NEUTRAL_SITE);
  await expect(page.getByRole('heading', { name: 'Australian weather' })).toBeVisible();
}

/** Back from the neutral site: wherever it leads, it is not the page that was left. */
async function expectBackDoesNotReturn(page: Page, left: string) {
  await page.goBack().catch(() => null);
  expect(page.url()).not.toBe(`${ORIGIN}${left}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toHaveCount(0);
}

test.describe('Download my data', () => {
  test("saves a JSON file holding the person's own question", async ({ page, request }) => {
    const user = await createUser(request, newUser());
    await signInFast(page, user, '/faq');
    const title = `Data export check ${Date.now()}`;
    const asked = await page.request.post('/api/questions', {
      data: { title, content: 'Where can I find my tax file number?', isAnonymous: true },
      headers: { origin: ORIGIN },
    });
    expect(asked.status(), await asked.text()).toBe(201);

    await page.goto('/profile');
    const button = await whenLive(page.getByRole('button', { name: 'Download My Data' }));
    const downloading = page.waitForEvent('download');
    await button.click();
    const download = await downloading;
    // The toast shows for 5 s from the download: checked before the file is read.
    await expect(toast(page, 'Your data has been downloaded')).toBeVisible();

    expect(download.suggestedFilename()).toMatch(/^mentor-me-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      account: { email: string; displayName: string };
      questions: { title: string; isAnonymous: boolean }[];
    };
    expect(data.account).toMatchObject({ email: user.email, displayName: user.displayName });
    expect(data.questions).toEqual([expect.objectContaining({ title, isAnonymous: true })]);
    expect(JSON.stringify(data)).not.toMatch(/password|token/i);
  });
});

test.describe('Quick exit', () => {
  test.beforeEach(async ({ page }) => fakeNeutralSite(page));

  test('the button leaves for the weather, and Back does not return to the page', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await page.getByRole('button', { name: 'Quick Exit' }).click();
    await expectLeftFor(page);
    await expectBackDoesNotReturn(page, '/privacy');
  });

  test('is the first control after the skip link, and works from the keyboard', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Tab');
    const button = page.getByRole('button', { name: 'Quick Exit' });
    await expect(button).toBeFocused();
    await expect(button).toHaveAccessibleDescription(/press Esc three times/);
    await page.keyboard.press('Enter');
    await expectLeftFor(page);
  });

  test('Escape three times leaves too; one Escape only closes a dialog, and two stay', async ({ page }) => {
    await page.goto('/faq');
    await page.goto('/privacy');
    const heading = page.getByRole('heading', { level: 1, name: 'Privacy Policy' });
    await expect(heading).toBeVisible();
    const urgentHelp = page.getByRole('button', { name: 'Urgent Help' });
    const dialog = page.getByRole('dialog', { name: 'Need help right now?' });

    // One Escape closes the dialog, and a second one makes two presses: neither leaves.
    await urgentHelp.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.keyboard.press('Escape');
    // The page handles its input in order: once the click after the presses has opened the dialog, both presses
    // were handled. Leaving hides the page at once (leaveNow) and then replaces it: it is shown, and still here.
    await urgentHelp.click();
    await expect(dialog).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.style.visibility)).toBe('');
    await expect(page).toHaveURL('/privacy');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // Three in a row leave, on the page loaded again so the presses above do not count. The dialog opened and
    // closed with clicks first: the page's listeners are in place before the first press.
    await page.reload();
    await expect(heading).toBeVisible();
    await urgentHelp.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expectLeftFor(page);
    await expectBackDoesNotReturn(page, '/privacy');
  });

  test('is explained on the privacy page and on About: it signs out, and leaves the history', async ({
    page,
  }) => {
    await page.goto('/privacy');
    const section = page.getByRole('heading', { level: 2, name: 'Quick Exit and your browser history' });
    await expect(section).toBeVisible();
    await expect(page.getByText(/press the Esc key three times/)).toBeVisible();
    await expect(page.getByText(/It also signs you out on this device/)).toBeVisible();
    await expect(page.getByText(/Quick exit does not clear your browser history/)).toBeVisible();
    await expect(page.getByText(/The Download my data button on your profile page/)).toBeVisible();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 2, name: 'Quick Exit' })).toBeVisible();
    await expect(
      page.getByRole('main').getByText(/It also signs you out and removes what Mentor Me kept/),
    ).toBeVisible();
  });
});

/**
 * A new member on `path`, signed in by the session cookie alone, with `path` the tab's first page (so Back from the
 * neutral site has no Mentor Me page before it). Answers the session cookie, once the app has stored the member.
 */
async function memberOnFirstPage(page: Page, path: string): Promise<string> {
  const user = await createUser(page.request, newUser());
  expect(await apiSignIn(page.request, user.email, user.password)).toBe(200);
  await page.goto(path);
  await expect(accountMenuButton(page)).toBeVisible();
  await expect(page.locator('#root > [inert]')).toHaveCount(0);
  await expect.poll(() => storedUser(page)).not.toBeNull();
  return (await page.context().cookies(ORIGIN)).map(({ name, value }) => `${name}=${value}`).join('; ');
}

/** Left for the weather, Back does not come back to Mentor Me, and the session the cookie held is over. */
async function expectLeftAndSignedOut(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  cookie: string,
) {
  await expectLeftFor(page);
  await page.goBack().catch(() => null);
  expect(page.url().startsWith(ORIGIN), `Back went to ${page.url()}`).toBe(false);
  const elsewhere = await playwright.request.newContext({ baseURL: ORIGIN });
  await expect
    .poll(async () => (await elsewhere.get('/api/auth/me', { headers: { cookie } })).status())
    .toBe(401);
  await elsewhere.dispose();
  // The member is forgotten on the device too (a page of the site's that runs no app reads its storage).
  await page.goto('/api/ready');
  expect(await storedUser(page)).toBeNull();
}

test.describe('Quick exit over a dialog', () => {
  test.beforeEach(async ({ page }) => fakeNeutralSite(page));

  test('over Urgent help: leaves, Back does not return and the member is signed out', async ({
    page,
    playwright,
  }) => {
    const cookie = await memberOnFirstPage(page, '/faq');
    await page.getByRole('button', { name: 'Urgent Help' }).click();
    const dialog = page.getByRole('dialog', { name: 'Need help right now?' });
    await expect(dialog).toBeVisible();
    await expectNoViolations(page, 'Urgent help open (1280 px)');
    await dialog.getByRole('button', { name: 'Quick Exit' }).click();
    await expectLeftAndSignedOut(page, playwright, cookie);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

    test('over the menu drawer: a tap leaves, Back does not return and the member is signed out', async ({
      page,
      playwright,
    }) => {
      const cookie = await memberOnFirstPage(page, '/faq');
      await page.getByRole('button', { name: 'Open menu' }).tap();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await expect(drawer).toBeVisible();
      await drawer.getByRole('button', { name: 'Quick Exit' }).tap();
      await expectLeftAndSignedOut(page, playwright, cookie);
    });

    test('over the Ask dialog: reached from the keyboard too, a tap leaves and signs out', async ({
      page,
      playwright,
    }) => {
      const cookie = await memberOnFirstPage(page, '/');
      await page.getByRole('button', { name: 'Ask a Question' }).first().tap();
      const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
      await expect(dialog.getByLabel('Details')).toBeVisible();
      await expectNoViolations(page, 'the Ask dialog open (360 px)');
      const quickExit = dialog.getByRole('button', { name: 'Quick Exit' });
      // The dialog opens on its Close button, with Quick exit one step back: never under a first Enter.
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(quickExit).toBeFocused();
      await expect(quickExit).toHaveAccessibleDescription(/signs you out/);
      await quickExit.tap();
      await expectLeftAndSignedOut(page, playwright, cookie);
    });
  });
});

test.describe('Quick exit before the app’s code has come', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });
  test.beforeEach(async ({ page }) => {
    await fakeNeutralSite(page);
    await withoutTheApp(page);
  });

  test('a tap leaves, Back does not return, and the member is signed out and forgotten here', async ({
    page,
    playwright,
  }) => {
    const user = await createUser(page.request, newUser());
    expect(await apiSignIn(page.request, user.email, user.password)).toBe(200);
    const cookie = (await page.context().cookies(ORIGIN))
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
    // The member as the app stored them on an earlier visit (written from a page of the site's that runs no app).
    const earlier = await page.context().newPage();
    await earlier.goto('/api/ready');
    await earlier.evaluate((key) => localStorage.setItem(key, '{"id":"earlier"}'), USER_KEY);
    await earlier.close();
    await drawnOnly(page, '/faq');
    await expect(page.locator('#site-header')).toContainText(user.displayName.slice(0, 1));
    await tapDrawn(page.locator('#site-header [data-quick-exit]'));
    await expectLeftAndSignedOut(page, playwright, cookie);
  });

  test('Escape three times leaves too; a tap beside the button does not', async ({ page }) => {
    await drawnOnly(page, '/privacy');
    const box = (await page
      .locator('#site-header [data-quick-exit]')
      .filter({ visible: true })
      .boundingBox())!;
    await page.touchscreen.tap(box.x - 20, box.y + box.height / 2);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(`${ORIGIN}/privacy`);
    await page.keyboard.press('Escape');
    await expectLeftFor(page);
  });
});

test.describe('demo site', () => {
  test('a demo student is offered no password change or account deletion', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Student', exact: true }).click();
    await expect(accountMenuButton(page)).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    await expect(page.getByText(/^This is a demo account\. Nobody knows its password/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Change password' })).toHaveCount(0);
    await expect(page.getByLabel('Current password')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete My Account' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Download My Data' })).toBeVisible();
  });

  test('every page says it is a demo site, quietly', async ({ page }) => {
    await page.goto('/faq');
    // The phone's menu holds it again, drawn while closed.
    const notice = page.getByRole('banner').getByText(DEMO_NOTICE).filter({ visible: true });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: DEMO_NOTICE })).toHaveCount(0);
  });
});

test.describe('at 360 px in Vietnamese', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test.beforeEach(async ({ page }) => useLanguage(page, 'vi'));

  test('the header holds Quick exit, the demo notice and Urgent help without overflowing', async ({
    page,
  }) => {
    await signInFast(page, { role: 'student' }, '/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Hồ sơ của bạn' })).toBeVisible();
    const banner = page.getByRole('banner');
    for (const control of [
      banner.getByRole('button', { name: 'Thoát nhanh' }),
      banner.getByRole('button', { name: 'Trợ giúp khẩn cấp' }),
      accountMenuButton(page),
    ]) {
      await expect(control).toBeInViewport({ ratio: 1 });
    }
    await expect(
      banner.getByText('Trang web dùng thử: nội dung mẫu, không phải dịch vụ thật').filter({ visible: true }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

// A member's own profile (a demo account's is checked with every page in a11y.spec.ts): each language once and each
// width once, Vietnamese (whose texts are the longer) at 360 px.
for (const [locale, width] of [
  ['en', 1280],
  ['vi', 360],
] as const) {
  test.describe(`axe ${locale} at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.beforeEach(async ({ page }) => useLanguage(page, locale));

    test('/profile and /privacy', async ({ page, request }) => {
      await signInFast(page, await createUser(request, newUser()), '/profile');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page, `/profile (${locale}, ${width} px)`);
      await page.goto('/privacy');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoViolations(page, `/privacy (${locale}, ${width} px)`);
    });
  });
}
