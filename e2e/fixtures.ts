import { readdirSync } from 'node:fs';
import path from 'node:path';
import { getFixedT, loadAllTexts } from '../src/shared/i18n';
import { LOCALES, type LanguageInfo, type Locale } from '../src/shared/languages';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Helpers shared by the end-to-end specs. */

const SPEC_FILES = readdirSync(import.meta.dirname)
  .filter((name) => name.endsWith('.spec.ts'))
  .sort();

/**
 * A spec file's own client address, 127.0.1.N: the app of the browser tests trusts one proxy hop
 * (playwright.config.ts), as it does behind nginx, so each file's browsers and API clients are one person of their
 * own to the limits kept per address, whichever worker runs it and whatever runs beside it.
 */
export function clientAddress(file = test.info().file): string {
  const index = SPEC_FILES.indexOf(path.basename(file));
  if (index < 0) throw new Error(`${file} is not a spec file of e2e/`);
  return `127.0.1.${index + 1}`;
}

/** The specs' test: every browser context and API client it opens comes from the spec file's own address. */
export const test = base.extend({
  // Playwright reads a fixture's needs from its first parameter's pattern: this one needs none.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use, testInfo) => use({ 'x-forwarded-for': clientAddress(testInfo.file) }),
});

export const PASSWORD = 'correct-horse-battery-9';
export const USER_KEY = 'mentorme.user';
export const LANGUAGE_KEY = 'mentorme.language';
export const ORIGIN = `http://localhost:${Number(process.env.E2E_PORT ?? 5100)}`;

export type Role = 'student' | 'mentor' | 'admin';
export type TestUser = {
  email: string;
  password: string;
  displayName: string;
  role: 'student' | 'mentor';
  /** The account's language (its emails'); English when not given. */
  locale?: Locale;
};
export type PublicUser = { id: string; email: string; displayName: string; role: Role; locale: string };

export function uniqueEmail(prefix = 'student'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2)}@test.example`;
}

export function newUser(role: 'student' | 'mentor' = 'student'): TestUser {
  const suffix = Math.random().toString(36).slice(2, 7);
  return { email: uniqueEmail(role), password: PASSWORD, displayName: `Test ${role} ${suffix}`, role };
}

/** Creates an account through the API (without signing the browser in). */
export async function createUser(request: APIRequestContext, user: TestUser = newUser()): Promise<TestUser> {
  const response = await request.post('/api/auth/signup', {
    data: {
      email: user.email,
      password: user.password,
      displayName: user.displayName,
      role: user.role,
      ...(user.locale ? { locale: user.locale } : {}),
      // A mentor says what they can help with.
      ...(user.role === 'mentor' ? { headline: 'Happy to help with study and work' } : {}),
    },
    headers: { origin: ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(201);
  return user;
}

/** Signs in through the API; the status says whether the credentials were accepted. */
export async function apiSignIn(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<number> {
  const response = await request.post('/api/auth/signin', {
    data: { email, password },
    headers: { origin: ORIGIN },
  });
  return response.status();
}

/**
 * A question of the test's own, asked by a new member through `request` (its own cookies, not the page's), so the
 * test does not depend on what earlier tests left at the top of the feed.
 */
export async function askOwnQuestion(
  request: APIRequestContext,
  title: string,
  content = 'I arrived last month and do not know where to start.',
): Promise<string> {
  const author = await createUser(request);
  expect(await apiSignIn(request, author.email, author.password)).toBe(200);
  const response = await request.post('/api/questions', {
    data: { title, content },
    headers: { origin: ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/**
 * Signs a page in quickly: the session cookie through the page's own request context (it shares the
 * browser context's cookies) and the stored user the app reads at start. Then opens `path`, and waits until the app
 * has taken the page over.
 */
export async function signInFast(
  page: Page,
  user: TestUser | { role: Role },
  path = '/',
): Promise<PublicUser> {
  const response =
    'email' in user
      ? await page.request.post('/api/auth/signin', {
          data: { email: user.email, password: user.password },
          headers: { origin: ORIGIN },
        })
      : await page.request.post('/api/auth/demo', { data: { role: user.role }, headers: { origin: ORIGIN } });
  expect(response.ok(), await response.text()).toBe(true);
  const { user: stored } = (await response.json()) as { user: PublicUser };
  // Any document of the app's origin can store the user; the readiness probe is the cheapest to open.
  await page.goto('/api/ready');
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [USER_KEY, JSON.stringify(stored)],
  );
  await page.goto(path);
  await expect(accountMenuButton(page)).toBeVisible();
  // The page's frame is inert until the app has taken it over: a person can use its controls only then.
  await expect(page.locator('#root > [inert]')).toHaveCount(0);
  return stored;
}

/**
 * Signs in through the login form (the page must be on /login). Exact labels: while the login screen loads, the
 * page before it may still show a question card named by a title such as "Email says my visa…".
 */
export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Fills the sign-up form (the page must be on /signup, in English) and sends it. */
export async function fillSignup(
  page: Page,
  user: TestUser,
  { confirm = user.password, role = true }: { confirm?: string; role?: boolean } = {},
) {
  await page.getByLabel('Display Name', { exact: true }).fill(user.displayName);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  if (role) {
    await page
      .getByLabel('Role', { exact: true })
      .selectOption(user.role === 'mentor' ? 'Mentor' : 'Student');
  }
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(confirm);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/**
 * Waits until the app has taken over `control` from the page's frame (React has given it its handlers): a page drawn
 * by the server shows its buttons before its code runs, and a click then does nothing, as on a slow phone.
 */
export async function whenLive(control: Locator): Promise<Locator> {
  await expect
    .poll(() =>
      control.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps'))),
    )
    .toBe(true);
  return control;
}

/**
 * A slow connection at its worst: the app's code never comes, and the page the server drew (inert, its frame) is all
 * there is. Call before the page is opened; `drawnOnly` then opens it and waits for the frame.
 */
export async function withoutTheApp(page: Page) {
  await page.route(/\/assets\/index-[\w-]+\.js$/, () => undefined);
}

export async function drawnOnly(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('#root > [inert]')).toHaveCount(1);
}

/**
 * A tap in the middle of what the locator finds on screen, where the page has it: the frame is inert, which a
 * locator's own tap would wait out.
 */
export async function tapDrawn(target: Locator) {
  const box = (await target.filter({ visible: true }).boundingBox())!;
  await target.page().touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

export function accountMenuButton(page: Page, name?: string): Locator {
  return page.getByRole('button', {
    name: name
      ? `Account menu for ${name}`
      : /^(Account menu for |Menu tài khoản của )|(的账户菜单| को खाता मेनु)$/,
  });
}

/** The header's Sign In link (the home page has another one in its content). */
export function headerSignIn(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true });
}

/** The toasts' region, named in the reader's language. */
export const TOASTS = { name: /^(Notifications|Thông báo) \(F8\)$/ };

/** The toast on screen with this title (Radix keeps toasts in the notifications region). */
export function toast(page: Page, title: string): Locator {
  return page.getByRole('region', TOASTS).getByRole('listitem').filter({ hasText: title });
}

export async function storedUser(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), USER_KEY);
}

/** Makes the app start in this language. */
export async function useLanguage(page: Page, locale: Locale) {
  await page.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key!)) localStorage.setItem(key!, value!);
    },
    [LANGUAGE_KEY, locale],
  );
}

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Runs axe on the page and fails with every violation's id, impact, help and targets. */
export async function expectNoViolations(page: Page, label: string) {
  // The page's frame is inert, hidden from axe, until the app has taken it over and drawn the page's heading.
  await expect(page.locator('#root > [inert]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Colours half-way through a hover or focus transition are neither state: axe reads the page once they settle.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  );
  // Legacy mode runs axe in the page itself. Otherwise axe opens a blank page of its own for every run, to gather
  // the results of cross-origin frames (the app has none), which costs more than the checks themselves. Only the
  // violations are described node by node: axe names one node of each other result, which is all this reads.
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  const report = results.violations
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes
          .map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary ?? ''}`)
          .join('\n'),
    )
    .join('\n');
  expect(results.passes.length, 'axe ran its rules').toBeGreaterThan(0);
  expect(results.violations, `axe violations on ${label}:\n${report}`).toEqual([]);
}

/** Where the tests read the emails the app sent (e2e/mail-catcher.mjs, started by playwright.config.ts). */
const MAIL_READER = `http://127.0.0.1:${Number(process.env.E2E_MAIL_HTTP_PORT ?? 5126)}`;

export type CaughtMail = { to: string[]; subject: string; text: string; html: string };

/** The emails the app has sent to one address so far, oldest first. */
export async function mailTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${MAIL_READER}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as CaughtMail[];
}

/**
 * Waits for the newest email to an address with a link to one of the app's pages, and returns that link as the email
 * has it: its token, and the language the page is to open in (`&lang=vi`).
 */
export async function linkFromMail(
  address: string,
  page: '/reset-password' | '/verify-email' | '/cancel-email-change' | '/unsubscribe',
): Promise<string> {
  const pattern = new RegExp(`https?://\\S+${page}\\?token=[A-Za-z0-9_-]+(&lang=[a-z]{2})?`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await mailTo(address))
          .map((mail) => pattern.exec(mail.text)?.[0])
          .filter(Boolean)
          .at(-1);
        return link;
      },
      {
        message: `an email to ${address} with a ${page} link`,
        // A reply's email waits REPLY_EMAIL_DELAY_SECONDS (10 in these tests), then up to a poll of the sender.
        timeout: 30_000,
      },
    )
    .toBeDefined();
  return link!;
}

/** Confirms an account's address with the link emailed at sign-up, as its owner would. */
export async function confirmEmail(request: APIRequestContext, address: string): Promise<void> {
  const token = new URL(await linkFromMail(address, '/verify-email')).searchParams.get('token');
  const response = await request.post('/api/auth/verify-email', {
    data: { token },
    headers: { origin: ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The header's language menu, by its name in any of the languages of the list. */
async function languageMenu(): Promise<RegExp> {
  await loadAllTexts();
  const names = LOCALES.map((locale) =>
    getFixedT(locale)('language.switchTo').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );
  return new RegExp(`^(${names.join('|')})`);
}

/** Chooses a language as a person does: the header's language menu, then the language by its own name. */
export async function chooseLanguage(page: Page, ownName: LanguageInfo['ownName']) {
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: await languageMenu() }).click();
  await banner.getByRole('link', { name: ownName, exact: true }).click();
}
