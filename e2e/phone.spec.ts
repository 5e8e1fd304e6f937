import { expect, type Browser, type Page } from '@playwright/test';
import {
  accountMenuButton,
  askOwnQuestion,
  LANGUAGE_KEY,
  ORIGIN,
  signInFast,
  TOASTS,
  useLanguage,
  test,
  chooseLanguage,
} from './fixtures';

/** The layout facts of issue #14 that a test can hold; scores and timings live in `npm run bench`. */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const PAGES = [
  { path: '/', en: 'Community Questions', vi: 'Câu hỏi cộng đồng' },
  { path: '/latest', en: 'Latest Questions', vi: 'Câu hỏi mới nhất' },
  { path: '/chloe', en: 'Chat with Chloe' },
  { path: '/government', en: 'Government Support Resources' },
  { path: '/resources', en: 'Local Resources' },
  { path: '/faq', en: 'Frequently Asked Questions' },
  { path: '/about', en: 'About Mentor Me' },
];

/** Sums every layout shift the page makes without the reader's input, from the first paint on. */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) w.shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** What the page warns of in its console from now on (a redrawn frame, a failed request), but the blocked worker. */
function consoleWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (['warning', 'error'].includes(message.type()) && !message.text().includes('Service Worker'))
      warnings.push(message.text());
  });
  return warnings;
}

const shifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: number }).shifts);

/**
 * The page has had its data and drawn it: the network is quiet, nothing is busy, and the layout has not moved for half
 * a second (however long the machine takes to draw).
 */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  let before: number | undefined;
  await expect
    .poll(
      async () => {
        const [moved, now] = [before, await shifts(page)];
        before = now;
        return moved === now;
      },
      { intervals: [500] },
    )
    .toBe(true);
}

for (const [name, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('no page moves after its first paint, for visitors', async ({ page }) => {
      await watchShifts(page);
      for (const { path } of PAGES) {
        await page.goto(path);
        await settled(page);
        expect(await shifts(page), path).toBeLessThanOrEqual(0.05);
      }
    });

    test('no page moves after its first paint, signed in', async ({ page }) => {
      await watchShifts(page);
      await signInFast(page, { role: 'student' });
      for (const path of ['/', '/latest', '/resources', '/chat']) {
        await page.goto(path);
        await settled(page);
        expect(await shifts(page), path).toBeLessThanOrEqual(0.05);
      }
    });
  });
}

test('every page has a title of its own, in the reader’s language', async ({ page }) => {
  for (const { path, en } of PAGES) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${en} · Mentor Me`);
  }
  await page.goto('/nowhere');
  await expect(page).toHaveTitle('Page Not Found · Mentor Me');

  // A question's page is titled by the question.
  await page.goto('/latest');
  const link = page
    .getByRole('region', { name: 'Questions', exact: true })
    .getByRole('article')
    .first()
    .getByRole('heading')
    .getByRole('link');
  const question = (await link.textContent())!;
  await link.click();
  await expect(page).toHaveTitle(`${question} · Mentor Me`);

  await page.goto('/');
  await chooseLanguage(page, 'Tiếng Việt');
  for (const { path, vi } of PAGES.filter((p) => p.vi)) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${vi} · Mentor Me`);
  }
});

test('the first HTML is titled and described in the reader’s language, from its cookie or its browser', async ({
  page,
  request,
}) => {
  const en = await (await request.get('/resources')).text();
  expect(en).toContain('<html lang="en" dir="ltr">');
  expect(en).toContain('<title>Local Resources · Mentor Me</title>');
  expect(en).toContain('content="Find settlement, legal, health, housing and community services near you."');
  const asked = await request.get('/faq', { headers: { 'accept-language': 'vi-VN,vi;q=0.9' } });
  expect(await asked.text()).toContain('<html lang="vi" dir="ltr">');
  expect(asked.headers()['vary']).toMatch(/cookie/);

  // The app keeps the language chosen in a cookie: the next page's first HTML is in it.
  await page.goto('/faq');
  await chooseLanguage(page, 'Tiếng Việt');
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  const html = await (await page.request.get('/resources')).text();
  expect(html).toContain('<html lang="vi" dir="ltr">');
  expect(html).not.toContain('Local Resources');
  // A browser set to Chinese or Nepali gets its first HTML in it.
  for (const [header, lang] of [
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-Hans'],
    ['ne-NP,en;q=0.5', 'ne'],
  ] as const) {
    const first = await request.get('/faq', { headers: { 'accept-language': header } });
    expect(await first.text()).toContain(`<html lang="${lang}" dir="ltr">`);
  }
});

test.describe('before the code has run', () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test('the first HTML already shows the header, the page’s title and lead and the footer, in the reader’s language', async ({
    page,
    context,
    baseURL,
  }) => {
    for (const { path, en } of PAGES) {
      await page.goto(path);
      await expect(page.locator('h1'), path).toHaveText(en);
      await expect(page.locator('#site-header')).toContainText('Sign In');
      await expect(page.locator('footer')).toContainText('Call 000');
    }
    await context.addCookies([{ name: 'mentorme.language', value: 'vi', url: baseURL! }]);
    for (const { path, vi } of PAGES.filter((entry) => entry.vi)) {
      await page.goto(path);
      await expect(page.locator('h1'), path).toHaveText(vi!);
      await expect(page.locator('#site-header')).toContainText('Đăng nhập');
    }
  });
});

/** The question titles in a page's first HTML, read without the app's code; no part of it is still loading. */
async function titlesInFirstHtml(browser: Browser, path: string): Promise<string[]> {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const before = await noScript.newPage();
  await before.goto(`${ORIGIN}${path}`);
  await expect(before.locator('[aria-busy="true"]')).toHaveCount(0);
  const titles = await before.locator('article h3').allTextContents();
  await noScript.close();
  return titles;
}

/** The app takes a feed page over with the question titled `title` on it, without asking for the feed again. */
async function expectTakenOverWithoutAsking(page: Page, path: string, title: string) {
  const feedCalls: string[] = [];
  page.on('request', (call) => {
    if (call.url().includes('/api/questions') || call.url().includes('/api/categories'))
      feedCalls.push(call.url());
  });
  await page.goto(path);
  await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();
  await expect(page.locator('[inert]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(feedCalls).toEqual([]);
}

test('/latest’s first HTML already lists the newest questions, a new one at once, and the app draws them without asking again', async ({
  page,
  request,
  browser,
}) => {
  // Asked by someone signed in: the next visitor's first HTML has it at the top.
  const title = `Frame check ${Date.now()}: where do I <renew> my visa?`;
  await askOwnQuestion(request, title, 'My student visa ends in March and I want to keep studying.');
  expect((await titlesInFirstHtml(browser, '/latest'))[0]).toBe(title);
  await expectTakenOverWithoutAsking(page, '/latest', title);
});

test('/’s first HTML already lists the trending questions, and the app draws them without asking again', async ({
  page,
  browser,
}) => {
  const titles = await titlesInFirstHtml(browser, '/');
  expect(titles.length).toBeGreaterThan(0);
  await expectTakenOverWithoutAsking(page, '/', titles[0]!);
});

test('a question’s first HTML shows it with its replies, titled and described by it, and the app takes it over as drawn', async ({
  page,
  request,
  browser,
}) => {
  const title = `Frame check ${Date.now()}: may I work <more> hours $& in the break?`;
  const id = await askOwnQuestion(request, title, 'My   student visa\nsays 48 hours a fortnight.');
  // Chloe's reply, which she gives every new question, is in before the page is opened.
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/questions/${id}`)).json()) as { replyCount: number }).replyCount,
    )
    .toBeGreaterThan(0);
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const before = await noScript.newPage();
  await before.goto(`${ORIGIN}/questions/${id}`);
  await expect(before).toHaveTitle(`${title} · Mentor Me`);
  await expect(before.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'My student visa says 48 hours a fortnight.',
  );
  // A link to it shared in a message app is previewed by the question, with a picture it can fetch.
  await expect(before.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
  await expect(before.locator('meta[property="og:description"]')).toHaveAttribute(
    'content',
    'My student visa says 48 hours a fortnight.',
  );
  const picture = await before.locator('meta[property="og:image"]').getAttribute('content');
  expect(picture).toMatch(/^https?:\/\/[^/]+\/icons\/icon-512\.png$/);
  expect((await noScript.request.get(picture!)).headers()['content-type']).toBe('image/png');
  await expect(before.locator('h1')).toHaveText(title);
  await expect(before.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(before.locator('#root > [inert]')).toContainText('Chloe');
  // A question that is not there: the page goes without a frame, and the app says so.
  const missing = await noScript.request.get(`${ORIGIN}/questions/00000000-0000-4000-8000-000000000000`);
  expect(await missing.text()).toContain('<div id="root"></div>');
  await noScript.close();

  // The app takes the frame over as drawn; it asks for the question again only once it listens for new replies
  // (live-replies.ts), to catch any that came meanwhile.
  const warnings = consoleWarnings(page);
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { frameHeading: Element | null }).frameHeading = document.querySelector('h1');
    }),
  );
  await page.goto(`/questions/${id}`);
  await expect(page.locator('[inert]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const kept = await page.evaluate(
    () =>
      (window as unknown as { frameHeading: Element | null }).frameHeading === document.querySelector('h1'),
  );
  expect(kept, warnings.join(' | ')).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(warnings).toEqual([]);
});

test('the app loads the texts of the reader’s language only, and the other’s when the reader switches', async ({
  page,
}) => {
  const texts: string[] = [];
  page.on('request', (call) => {
    const name = call.url().match(/\/assets\/((?:pages\.)?(?:en|vi))-[\w-]+\.js$/)?.[1];
    if (name) texts.push(name);
  });
  await page.goto('/faq');
  await expect(page.locator('[inert]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(texts.sort()).toEqual(['en', 'pages.en']);
  await chooseLanguage(page, 'Tiếng Việt');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Câu hỏi thường gặp');
  expect(texts.sort()).toEqual(['en', 'pages.en', 'pages.vi', 'vi']);
});

test('the app takes the framed page over, once; searching, the app draws it alone', async ({
  page,
  request,
}) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  await expect(page.locator('[inert]')).toHaveCount(0);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('#site-header')).toHaveCount(1);
  await expect(page.locator('#root > div')).not.toHaveAttribute('aria-hidden');
  // The start script asked for all the page's code: the entry, and each chunk listed beside it once.
  const code = JSON.parse((await page.locator('#app-code').textContent())!) as {
    entry: string;
    preload: string[];
  };
  await expect(page.locator(`head script[type="module"][src="${code.entry}"]`)).toHaveCount(1);
  const preloaded = await page
    .locator('head link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  // (The app adds links of its own, by full address, for the chunks it loads later.)
  expect(preloaded.filter((href) => code.preload.includes(href!))).toEqual(code.preload);
  // The frame is the page: its first question opens.
  const question = page.getByRole('button', { name: /Mentor Me/ }).first();
  const name = (await question.textContent())!.trim();
  await question.click();
  await expect(page.getByRole('region', { name, exact: true })).toBeVisible();

  expect(await (await request.get('/resources?view=all')).text()).toContain('<div id="root"></div>');
  await signInFast(page, { role: 'student' });
  expect(await (await page.request.get('/latest?category=work')).text()).toContain('<div id="root"></div>');
});

for (const locale of ['en', 'vi'] as const) {
  test(`the app keeps the frame's own elements on every framed page, with nothing to draw again, in ${locale}`, async ({
    page,
  }) => {
    // As for a reader the app has already met: their language in its cookie, the frame's language.
    await useLanguage(page, locale);
    await page.context().addCookies([{ name: LANGUAGE_KEY, value: locale, url: ORIGIN }]);
    const warnings = consoleWarnings(page);
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { frameHeading: Element | null }).frameHeading = document.querySelector('h1');
      }),
    );
    for (const { path } of [...PAGES, { path: '/founders' }, { path: '/login' }]) {
      await page.goto(path);
      await expect(page.locator('[inert]')).toHaveCount(0);
      const kept = await page.evaluate(
        () =>
          (window as unknown as { frameHeading: Element | null }).frameHeading ===
          document.querySelector('h1'),
      );
      expect(kept, `${path}: ${warnings.join(' | ')}`).toBe(true);
    }
    expect(warnings).toEqual([]);
  });
}

for (const locale of ['en', 'vi'] as const) {
  test(`signed in, the app keeps the frame drawn for the member on their pages, with nothing to draw again, in ${locale}`, async ({
    page,
    request,
  }) => {
    const questionId = await askOwnQuestion(request, 'Where can I open a bank account?');
    await useLanguage(page, locale);
    await page.context().addCookies([{ name: LANGUAGE_KEY, value: locale, url: ORIGIN }]);
    await signInFast(page, { role: 'student' });
    const warnings = consoleWarnings(page);
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const w = window as unknown as { frameHeading: Element | null; framed: boolean };
        w.frameHeading = document.querySelector('h1');
        w.framed = document.querySelector('#root > [inert]') !== null;
      }),
    );
    for (const path of [
      '/',
      '/latest',
      '/faq',
      '/profile',
      '/chat',
      '/notifications',
      `/questions/${questionId}`,
    ]) {
      await page.goto(path);
      await expect(page.locator('[inert]')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const frame = await page.evaluate(() => {
        const w = window as unknown as { frameHeading: Element | null; framed: boolean };
        return {
          framed: w.framed,
          kept: w.frameHeading === null || w.frameHeading === document.querySelector('h1'),
        };
      });
      // A question's page draws its heading with the question, after the frame.
      expect(frame, `${path}: ${warnings.join(' | ')}`).toEqual({ framed: true, kept: true });
      await expect(accountMenuButton(page)).toBeVisible();
    }
    expect(warnings).toEqual([]);
  });
}

test('a frame drawn a while ago is taken over as it was drawn, then shows the reader’s time and year', async ({
  page,
  request,
}) => {
  const title = `Clock check ${Date.now()}: how do I open a bank account?`;
  await askOwnQuestion(
    request,
    title,
    'I arrived last week and my landlord wants the rent paid into an account.',
  );

  // The reader's clock is a year and a day past the server's: as far as a frame kept for a long time can be.
  const later = Date.now() + 366 * 24 * 3600 * 1000;
  await page.clock.install({ time: later });
  const warnings = consoleWarnings(page);
  await page.addInitScript((asked) => {
    document.addEventListener('DOMContentLoaded', () => {
      const frame = window as unknown as { heading: Element | null; drawnTime: string | undefined };
      frame.heading = document.querySelector('h1');
      frame.drawnTime = [...document.querySelectorAll('article')]
        .find((article) => article.textContent!.includes(asked))
        ?.querySelector('time')?.textContent;
    });
  }, title);

  await page.goto('/latest');
  await expect(page.locator('[inert]')).toHaveCount(0);
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.locator('time')).toHaveText('1 year ago');
  await expect(page.getByRole('contentinfo')).toContainText(
    `© ${new Date(later).getUTCFullYear()} Mentor Me`,
  );
  const frame = await page.evaluate(() => {
    const { heading, drawnTime } = window as unknown as { heading: Element | null; drawnTime?: string };
    return { kept: heading === document.querySelector('h1'), drawnTime };
  });
  expect(frame).toEqual({ kept: true, drawnTime: 'just now' });
  expect(warnings).toEqual([]);
});

test.describe('at 360 px', () => {
  test.use({ viewport: PHONE });

  for (const locale of ['en', 'vi'] as const) {
    test(`the header offers the language and Sign In without the menu, in ${locale}`, async ({ page }) => {
      await useLanguage(page, locale);
      await page.goto('/faq');
      const header = page.getByRole('banner');
      const signIn = header.getByRole('link', {
        name: locale === 'vi' ? 'Đăng nhập' : 'Sign In',
        exact: true,
      });
      await expect(signIn).toBeVisible();
      await expect(header.getByRole('button', { name: /^SOS/ })).toBeVisible();
      const languages = header.getByRole('button', {
        name: locale === 'vi' ? 'Đổi ngôn ngữ (Tiếng Việt)' : 'Change language (English)',
      });
      await expect(languages).toBeVisible();
      // Everything fits: nothing in the header runs past the screen's edge, the language menu open either.
      for (const control of [signIn, languages]) {
        const box = (await control.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }
      await languages.click();
      for (const name of ['English', 'Tiếng Việt', '简体中文', 'नेपाली']) {
        const choice = header.getByRole('link', { name, exact: true });
        const box = (await choice.boundingBox())!;
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(PHONE.width);
      }
      await header
        .getByRole('link', { name: locale === 'vi' ? 'English' : 'Tiếng Việt', exact: true })
        .click();
      await expect(
        header.getByRole('link', { name: locale === 'vi' ? 'Sign In' : 'Đăng nhập', exact: true }),
      ).toBeVisible();
    });

    test(`the SOS lane shows two urgent questions and the rest on request, in ${locale}`, async ({
      page,
    }) => {
      await useLanguage(page, locale);
      await page.goto('/');
      const lane = page.getByRole('region', {
        name: locale === 'vi' ? 'Câu hỏi khẩn cấp (SOS)' : 'Urgent questions (SOS)',
      });
      await expect(lane.getByRole('article')).toHaveCount(2);
      for (const number of ['000', '13 11 14', '131 450'])
        await expect(lane.getByRole('link', { name: number, exact: true })).toBeVisible();

      // The first regular question is within two screens.
      const questions = page.getByRole('region', {
        name: locale === 'vi' ? 'Câu hỏi' : 'Questions',
        exact: true,
      });
      await expect(questions.getByRole('article').first()).toBeVisible();
      expect((await questions.getByRole('article').first().boundingBox())!.y).toBeLessThan(2 * PHONE.height);

      const seeAll = lane.getByRole('button', {
        name:
          locale === 'vi'
            ? /^Xem tất cả câu hỏi khẩn cấp \((\d+)\)$/
            : /^See All Urgent Questions \((\d+)\)$/,
      });
      const count = Number((await seeAll.textContent())!.match(/\((\d+)\)/)![1]);
      expect(count).toBeGreaterThan(2);
      await seeAll.click();
      await expect(lane.getByRole('article')).toHaveCount(count);
      await expect(lane.getByRole('button', { expanded: true })).toBeVisible();

      // Latest has nothing above its questions but the search: the first is on the first screen.
      await page.goto('/latest');
      await expect(questions.getByRole('article').first()).toBeVisible();
      expect((await questions.getByRole('article').first().boundingBox())!.y).toBeLessThan(PHONE.height);
    });
  }
});

test.describe('what floats, on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  test('toasts sit under the header, clear of the chat button', async ({ page }) => {
    await page.route('**/api/resources?*', (route) =>
      route.fulfill({ status: 503, body: '{"error":"Down"}' }),
    );
    await page.goto('/resources');
    await page.getByRole('button', { name: 'Sydney', exact: true }).click();
    const toast = page.getByRole('region', TOASTS).getByRole('listitem').first();
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    const header = (await page.getByRole('banner').boundingBox())!;
    const button = (await page.getByRole('button', { name: 'Open chat options' }).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(overlap(box, button)).toBe(false);
  });

  test('the chat button leaves the last lines of a page free, and steps aside while the keyboard is open', async ({
    page,
  }) => {
    await page.goto('/faq');
    const button = page.getByRole('button', { name: 'Open chat options' });
    await settled(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect
      .poll(() =>
        page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1),
      )
      .toBe(true);
    const last = page.getByRole('contentinfo').getByText(/© \d{4} Mentor Me/);
    await expect(last).toBeInViewport();
    const [lastBox, buttonBox] = [(await last.boundingBox())!, (await button.boundingBox())!];
    expect(overlap(lastBox, buttonBox), JSON.stringify([lastBox, buttonBox])).toBe(false);

    await page.goto('/');
    await expect(button).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search questions' }).focus();
    await expect(button).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search questions' }).blur();
    await expect(button).toBeVisible();
  });
});
