import { expect, type Page } from '@playwright/test';
import { test, chooseLanguage } from './fixtures';

const NAV: { name: string; path: string; h1: string }[] = [
  { name: 'Trending', path: '/', h1: 'Community Questions' },
  { name: 'Latest', path: '/latest', h1: 'Latest Questions' },
  { name: 'Local Resources', path: '/resources', h1: 'Local Resources' },
  { name: 'Mentors', path: '/chat', h1: 'Mentor Chat' },
  { name: 'AI Assistant', path: '/chloe', h1: 'Chat with Chloe' },
  { name: 'Founders Club', path: '/founders', h1: 'Founders Club' },
  { name: 'Government Resources', path: '/government', h1: 'Government Support Resources' },
  { name: 'FAQ', path: '/faq', h1: 'Frequently Asked Questions' },
];

const FOOTER: { name: string; path: string; h1: string }[] = [
  { name: 'Privacy Policy', path: '/privacy', h1: 'Privacy Policy' },
  { name: 'Terms of Service', path: '/terms', h1: 'Terms of Service' },
  { name: 'Community Guidelines', path: '/guidelines', h1: 'Community Guidelines' },
  { name: 'About Us', path: '/about', h1: 'About Mentor Me' },
  { name: 'Browse Mentors', path: '/mentors', h1: 'Mentors' },
];

const PUBLIC_PAGES = ['/', '/faq', '/about', '/founders', '/login', '/signup'];

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

test('the navigation links each open their page', async ({ page }) => {
  await page.goto('/faq');
  const nav = mainNav(page);
  await expect(nav.getByRole('link')).toHaveText(NAV.map((entry) => entry.name));
  for (const entry of NAV) {
    await nav.getByRole('link', { name: entry.name, exact: true }).click();
    await expect(page).toHaveURL(entry.path);
    await expect(h1(page, entry.h1)).toBeVisible();
    await expect(nav.getByRole('link', { name: entry.name, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
});

test('the footer links open their pages and it shows the year and contact email', async ({ page }) => {
  await page.goto('/faq');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Mentor Me`);
  const email = footer.getByRole('link', { name: 'hello@mentorme.example' });
  await expect(email).toHaveAttribute('href', 'mailto:hello@mentorme.example');
  for (const entry of FOOTER) {
    await footer.getByRole('link', { name: entry.name, exact: true }).click();
    await expect(page).toHaveURL(entry.path);
    await expect(h1(page, entry.h1)).toBeVisible();
  }
});

test('an unknown path shows "Page Not Found" with a 404 status', async ({ page }) => {
  const response = await page.goto('/does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(h1(page, 'Page Not Found')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Homepage' }).click();
  await expect(page).toHaveURL('/');
});

test('the language switch changes to Vietnamese and back, and is remembered', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await chooseLanguage(page, 'Tiếng Việt');
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(mainNav(page)).toHaveCount(0);
  const viNav = page.getByRole('navigation', { name: 'Điều hướng chính' });
  await expect(viNav.getByRole('link', { name: 'Nổi bật' })).toBeVisible();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(viNav.getByRole('link', { name: 'Nổi bật' })).toBeVisible();
  await expect(h1(page, 'Câu hỏi cộng đồng')).toBeVisible();

  await chooseLanguage(page, 'English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(mainNav(page).getByRole('link', { name: 'Trending' })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the drawer holds the navigation and closes on navigation and Escape', async ({ page }) => {
    await page.goto('/');
    await expect(mainNav(page)).toBeHidden();
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('navigation', { name: 'Main navigation' }).getByRole('link')).toHaveText(
      NAV.map((entry) => entry.name),
    );
    await drawer.getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page).toHaveURL('/faq');
    await expect(h1(page, 'Frequently Asked Questions')).toBeVisible();
    await expect(drawer).toBeHidden();

    await open.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();
  });

  test('the drawer opened while the next page is still loading stays open; Back closes it', async ({
    page,
  }) => {
    await page.goto('/faq');
    await expect(page.locator('#root > [inert]')).toHaveCount(0);
    // The feed's code is held back until the drawer is open: the logo's page is still loading when the menu is
    // tapped.
    let arrived = false;
    let letThrough = () => {};
    const heldBack = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await heldBack;
      await route.continue();
      arrived = true;
    });
    await page.getByRole('link', { name: 'Mentor Me' }).click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    expect(arrived).toBe(false);
    letThrough();
    await expect(h1(page, 'Community Questions')).toBeAttached();
    await expect(drawer).toBeVisible();

    await page.unroute('**/assets/*.js');
    await page.goBack();
    await expect(page).toHaveURL('/faq');
    await expect(drawer).toBeHidden();
  });

  for (const path of PUBLIC_PAGES) {
    test(`no horizontal scroll on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
    });
  }
});

test('the crisis dialog lists the help lines, gives focus back on Escape and closes on a tap beside it', async ({
  page,
}) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Urgent Help' });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Need help right now?' });
  await expect(dialog).toBeVisible();
  const lines = [
    ['000', 'tel:000'],
    ['13 11 14', 'tel:131114'],
    ['1800 737 732', 'tel:1800737732'],
    ['131 450', 'tel:131450'],
  ];
  for (const [number, href] of lines) {
    await expect(dialog.getByRole('link', { name: new RegExp(`^${number} `) })).toHaveAttribute(
      'href',
      href!,
    );
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(20, 700);
  await expect(dialog).toBeHidden();
});

test.describe('floating chat', () => {
  test('offers Chloe and real mentors to a visitor', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Open chat options' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: /^AI Assistant \(Chloe\)/ })).toHaveAttribute(
      'href',
      '/chloe',
    );
    await expect(page.getByRole('link', { name: /^Real Mentors/ })).toHaveAttribute('href', '/signup');
    await page.getByRole('link', { name: /^AI Assistant \(Chloe\)/ }).click();
    await expect(page).toHaveURL('/chloe');
  });

  for (const path of ['/chloe', '/chat']) {
    test(`is absent on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Open chat options' })).toHaveCount(0);
    });
  }
});

test('FAQ: five questions, one open at a time, with the Vietnamese version', async ({ page }) => {
  await page.goto('/faq');
  const questions = page.getByRole('main').getByRole('button', { expanded: false });
  await expect(questions).toHaveCount(5);

  const first = page.getByRole('button', { name: 'What is Mentor Me?' });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  const firstAnswer = page.getByRole('region', { name: 'What is Mentor Me?' });
  await expect(firstAnswer).toContainText(
    'Mentor Me is a help hub for migrants and international students in Australia',
  );
  await expect(firstAnswer).toContainText('Tiếng Việt');
  await expect(firstAnswer).toContainText('Mentor Me là gì?');
  await expect(firstAnswer.locator('[lang="vi"]')).toContainText(
    'Mentor Me là nơi hỗ trợ dành cho người nhập cư',
  );

  const second = page.getByRole('button', { name: 'Why use Mentor Me instead of Facebook groups?' });
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(firstAnswer).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Why use Mentor Me instead of Facebook groups?' }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Browse Questions' }).click();
  await expect(page).toHaveURL('/');
  await page.goBack();
  await page.getByRole('link', { name: 'Chat with Chloe AI' }).click();
  await expect(page).toHaveURL('/chloe');
});

test('About: bilingual disclaimer and official links open in a new tab', async ({ page }) => {
  await page.goto('/about');
  const disclaimer = page.getByRole('region', { name: 'Legal and ethics disclaimer' });
  await expect(disclaimer).toContainText('We are not a migration agency');
  const vietnamese = disclaimer.locator('[lang="vi"]');
  await expect(vietnamese).toContainText('Tuyên bố pháp lý và đạo đức');
  await expect(vietnamese).not.toBeEmpty();

  const external = [
    'https://immi.homeaffairs.gov.au/',
    'https://www.studyaustralia.gov.au/',
    'https://portal.mara.gov.au/search-the-register-of-migration-agents/',
  ];
  for (const href of external) {
    const links = page.locator(`a[href="${href}"]`);
    expect(await links.count(), href).toBeGreaterThan(0);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
      await expect(link).toHaveAccessibleName(/\(opens in a new tab\)$/);
    }
  }
  await expect(page.getByRole('link', { name: /Search the register of migration agents/ })).toHaveAttribute(
    'href',
    /^https:\/\/portal\.mara\.gov\.au\//,
  );
});

test('Founders: live numbers and demo profile badges', async ({ page }) => {
  await page.goto('/founders');
  const stats = page.getByRole('region', { name: 'Community numbers' });
  const values = stats.locator('dd');
  await expect(values).toHaveCount(4);
  for (const value of await values.all()) await expect(value).toHaveText(/^\d[\d,]*$/);
  const members = stats
    .locator('dt', { hasText: 'Community Members' })
    .locator('xpath=following-sibling::dd');
  await expect(members).toHaveText(/^\d[\d,]*$/);
  expect(Number((await members.textContent())!.replace(/,/g, ''))).toBeGreaterThanOrEqual(3);
  await expect(page.getByText('Demo profile').first()).toBeVisible();
});

test('keyboard: the skip link comes first and moves focus to the content', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});

/** Collects console errors, uncaught errors and CSP violations (which Chrome does not always log). */
async function watchProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
  return problems;
}

for (const path of PUBLIC_PAGES) {
  test(`no console errors or CSP violations on ${path}`, async ({ page }) => {
    const problems = await watchProblems(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
}

test('no console errors or CSP violations on a question page (zod runs without its eval probe)', async ({
  page,
  request,
}) => {
  const { questions } = (await (await request.get('/api/questions')).json()) as {
    questions: { id: string }[];
  };
  const problems = await watchProblems(page);
  await page.goto(`/questions/${questions[0]!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
