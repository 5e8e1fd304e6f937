/**
 * `npm run shots`: screenshots of every screen, desktop (1280 px) and phone (360 px), in every language, for a
 * person to look at (SHOTS_LANGUAGES=zh-Hans,ne for some languages only): the pages in every language, the journeys in
 * English and Vietnamese. Starts the app the way `npm start` does on a fresh data folder with demo data, saves the
 * pictures to test-results/shots/ (or SHOTS_DIR) and stops the app.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumLaunch } from '../e2e/chromium';
import { adminTabs, declinedNotice, mentorNotifications, seedAdminExamples } from './shots-admin';
import { LOCALES, type Locale } from '../src/shared/languages';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.SHOTS_PORT ?? 5300);
const base = `http://localhost:${port}`;
const out = path.resolve(root, process.env.SHOTS_DIR ?? 'test-results/shots');
const dataDir = path.join(root, '.data/shots');
const locales = process.env.SHOTS_LANGUAGES ? (process.env.SHOTS_LANGUAGES.split(',') as Locale[]) : LOCALES;
/** The languages whose journeys (Chloe, the ask dialog, a chat, the admin's tabs) are scripted below. */
const JOURNEY_LANGUAGES: readonly Locale[] = ['en', 'vi'];

const pages = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  // A link that is not (or no longer) valid: what a person who clicks an old email sees.
  '/reset-password?token=expired',
  '/verify-email?token=expired',
  '/faq',
  '/about',
  '/founders',
  '/privacy',
  '/nope',
  '/latest',
  '/government',
  '/chat',
];

async function startApp() {
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      // The footer shows a contact address only when one is set.
      CONTACT_EMAIL: process.env.CONTACT_EMAIL ?? 'hello@mentorme.example',
    },
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  for (let waited = 0; ; waited += 500) {
    if (server.exitCode !== null) throw new Error('the app stopped before it was ready');
    if (waited > 180_000) throw new Error('the app was not ready within 3 minutes');
    const ready = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // SIGTERM lets the app stop its embedded PostgreSQL too.
  return async () => {
    server.kill('SIGTERM');
    await exited;
  };
}

/** Runs `take` on a fresh page of the given size and language, then closes it. */
async function withPage(
  browser: Browser,
  {
    locale,
    width,
    height,
    geolocation = false,
  }: { locale: Locale; width: number; height: number; geolocation?: boolean },
  take: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width, height },
    ...(geolocation
      ? { permissions: ['geolocation'], geolocation: { latitude: -33.8688, longitude: 151.2093 } }
      : {}),
  });
  await context.addInitScript((l) => localStorage.setItem('mentorme.language', l), locale);
  try {
    await take(await context.newPage());
  } finally {
    await context.close();
  }
}

const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: path.join(out, `${name}.png`), fullPage });

async function plainPages(page: Page, suffix: string) {
  for (const target of pages) {
    await page.goto(target);
    await page.waitForLoadState('networkidle');
    const name = target === '/' ? 'home' : target.slice(1).split('?')[0]!;
    await shot(page, `${name}-${suffix}`, true);
  }
}

async function resourcesNearSydney(page: Page, suffix: string) {
  await page.goto('/resources');
  await page.getByRole('main').getByRole('button').first().click();
  await page
    .locator('section[aria-labelledby="resources-results"]')
    .getByRole('heading', { level: 3 })
    .first()
    .waitFor();
  await shot(page, `resources-${suffix}`, true);
}

/** The whole directory, filtered to one state, after "Show more". */
async function resourcesBrowse(page: Page, suffix: string) {
  await page.goto('/resources');
  await page.getByRole('button', { name: /^(Browse all resources|Xem tất cả dịch vụ)$/i }).click();
  await page.locator('#resources-state').selectOption('VIC');
  const cards = page.locator('section[aria-labelledby="resources-results"] article');
  await cards.first().waitFor();
  await page.getByRole('button', { name: /^(Show \d+ more|Xem thêm \d+)$/i }).click();
  await cards.nth(20).waitFor();
  await page.waitForLoadState('networkidle');
  await shot(page, `resources-browse-${suffix}`, true);
}

async function governmentByPostcode(page: Page, suffix: string) {
  await page.goto('/government');
  const postcode = page.locator('input[inputmode="numeric"]');
  await postcode.fill('2150');
  await postcode.press('Enter');
  await page.getByText(/Parramatta, NSW 2150/).waitFor();
  await page.waitForLoadState('networkidle');
  await shot(page, `government-top-${suffix}`);
  await page.locator('section[aria-labelledby="government-results"]').getByRole('button').nth(1).click();
  await shot(page, `government-details-${suffix}`);
}

async function chloeAnswer(page: Page, locale: Locale, suffix: string) {
  await page.goto('/chloe');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  await shot(page, `chloe-start-${suffix}`);
  const box = page.getByRole('textbox').last();
  await box.fill(locale === 'en' ? 'How do I get a tax file number?' : 'Làm sao để xin mã số thuế?');
  await box.press('Enter');
  await page.getByRole('log').locator('ol').waitFor();
  await shot(page, `chloe-answer-${suffix}`, true);
  // Feedback on the answer, then a question Chloe has nothing on: she says so and offers people.
  await page
    .getByRole('button', { name: /^(No, this answer did not help|Không, câu trả lời này không hữu ích)/i })
    .first()
    .click();
  await shot(page, `chloe-feedback-${suffix}`, true);
  await box.fill(
    locale === 'en' ? 'What is the best way to cook a risotto?' : 'Nấu cơm tấm sườn nướng thế nào cho ngon?',
  );
  await box.press('Enter');
  await page.getByRole('link', { name: /^(Talk to a mentor|Trò chuyện với người hướng dẫn)/i }).waitFor();
  await shot(page, `chloe-nothing-found-${suffix}`, true);
}

async function chloeInFeed(page: Page, locale: Locale, suffix: string) {
  await page.goto('/latest');
  const card = page
    .getByRole('article')
    .filter({ hasText: locale === 'en' ? 'Chloe replied' : 'Chloe đã trả lời' });
  await card.first().waitFor({ timeout: 20_000 });
  await card.first().scrollIntoViewIfNeeded();
  await shot(page, `feed-chloe-${suffix}`);
  await card.first().getByRole('heading').first().click();
  const reply = page.getByText(/Chloe \(/).first();
  await reply.waitFor();
  await reply.scrollIntoViewIfNeeded();
  await shot(page, `question-chloe-${suffix}`);
}

/** The ask dialog, with what already answers the question being written. */
async function askWithAnswers(page: Page, locale: Locale, suffix: string) {
  await page.request.post('/api/auth/demo', { data: { role: 'student' } });
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: unknown };
  await page.goto('/faq');
  await page.evaluate((user) => localStorage.setItem('mentorme.user', JSON.stringify(user)), me.user);
  await page.goto('/latest');
  await page
    .getByRole('button', { name: locale === 'en' ? 'Ask a Question' : 'Đặt câu hỏi' })
    .first()
    .click();
  await page
    .getByRole('dialog')
    .getByRole('textbox')
    .first()
    .fill(
      locale === 'en'
        ? 'My landlord kept my bond after I moved out'
        : 'Chủ nhà không trả lại tiền bond cho tôi',
    );
  await page
    .getByRole('region', { name: locale === 'en' ? 'Already answered?' : 'Đã có câu trả lời?' })
    .waitFor();
  await shot(page, `ask-similar-${suffix}`);
}

/** The demo student's conversation with a demo mentor: the list, and the messages (on a phone, two screens). */
async function mentorChat(page: Page, locale: Locale, suffix: string) {
  await page.request.post('/api/auth/demo', { data: { role: 'student' } });
  const { mentors } = (await (await page.request.get('/api/mentors')).json()) as {
    mentors: { id: string }[];
  };
  const started = await page.request.post('/api/conversations', {
    data: {
      participantId: mentors[0]!.id,
      title: locale === 'en' ? 'Finding part-time work' : 'Tìm việc bán thời gian',
    },
  });
  const { id } = (await started.json()) as { id: string };
  await page.request.post(`/api/conversations/${id}/messages`, {
    data: {
      content:
        locale === 'en'
          ? 'Hi! I start my course next month. How did you find your first job? https://www.fairwork.gov.au'
          : 'Chào anh chị! Tháng sau em bắt đầu khóa học. Anh chị tìm việc đầu tiên thế nào ạ?',
    },
  });
  // The app keeps the signed-in user in localStorage: reload so it reads the session the cookie now holds.
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: unknown };
  await page.goto('/faq');
  await page.evaluate((user) => localStorage.setItem('mentorme.user', JSON.stringify(user)), me.user);
  await page.goto('/chat');
  await page
    .getByRole('navigation', { name: locale === 'en' ? 'Conversations' : 'Cuộc trò chuyện' })
    .getByRole('link')
    .first()
    .waitFor();
  await shot(page, `chat-list-${suffix}`);
  await page.goto(`/chat?c=${id}`);
  await page.getByRole('log').getByRole('listitem').first().waitFor();
  await shot(page, `chat-messages-${suffix}`);
}

async function main() {
  mkdirSync(out, { recursive: true });
  const stop = await startApp();
  const browser = await chromium.launch(chromiumLaunch);
  try {
    await seedAdminExamples(base);
    for (const locale of locales) {
      for (const width of [1280, 360]) {
        const suffix = `${locale}-${width}`;
        const size = (height: number) => ({ locale, width, height });
        await withPage(browser, size(900), (page) => plainPages(page, suffix));
        // The journeys below type and click in the language: they are written for English and Vietnamese.
        if (JOURNEY_LANGUAGES.includes(locale)) {
          await withPage(browser, { ...size(900), geolocation: true }, (page) =>
            resourcesNearSydney(page, suffix),
          );
          await withPage(browser, size(900), (page) => resourcesBrowse(page, suffix));
          await withPage(browser, size(width === 360 ? 2600 : 1800), (page) =>
            governmentByPostcode(page, suffix),
          );
          await withPage(browser, size(1000), (page) => chloeAnswer(page, locale, suffix));
          await withPage(browser, size(1400), (page) => chloeInFeed(page, locale, suffix));
          await withPage(browser, size(900), (page) => mentorChat(page, locale, suffix));
          await withPage(browser, size(900), (page) => askWithAnswers(page, locale, suffix));
          await withPage(browser, size(900), (page) => mentorNotifications(page, suffix, shot));
          await withPage(browser, size(900), (page) => adminTabs(page, suffix, shot));
          await withPage(browser, size(900), (page) => declinedNotice(page, suffix, shot));
        }
        console.log(`shots ${suffix}: done`);
      }
    }
  } finally {
    await browser.close();
    await stop();
  }
  console.log(`Screenshots in ${path.relative(root, out)}/`);
}

await main();
