import { expect, type Page } from '@playwright/test';
import {
  askOwnQuestion,
  confirmEmail,
  createUser,
  expectNoViolations,
  fillLogin,
  newUser,
  ORIGIN,
  signInFast,
  toast,
  test,
} from './fixtures';

/** Posts a question through the API as the page's signed-in user. */
async function postQuestion(page: Page, body: Record<string, unknown>): Promise<string> {
  const response = await page.request.post('/api/questions', { data: body, headers: { origin: ORIGIN } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

function feedCard(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
}

test.describe('visitors', () => {
  test('read the feed with its topics, the SOS lane and a question page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Community Questions' })).toBeVisible();
    // The welcome and its pitch for everyone, the join prompt under it for visitors.
    await expect(page.getByRole('heading', { level: 2, name: 'Welcome to Mentor Me' })).toBeVisible();
    await expect(
      page.getByText(/Ask anonymously if you like: no judgment, and not on social media/),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Join the community' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join Mentor Me' })).toBeVisible();
    const topics = page.getByRole('navigation', { name: 'Topics' });
    await expect(topics.getByRole('button', { name: /^All Topics \d+$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    for (const name of [
      'Immigration Help',
      'Student Support',
      'Housing',
      'Health & Well-being',
      'Work & Career',
      'Founders',
      'Emergency SOS',
    ]) {
      await expect(
        topics.getByRole('button', { name: new RegExp(`^${name.replace('&', '\\&')} \\d+$`) }),
      ).toBeVisible();
    }
    const lane = page.getByRole('region', { name: 'Urgent questions (SOS)' });
    await expect(lane).toBeVisible();
    for (const number of ['000', '13 11 14', '131 450'])
      await expect(lane.getByRole('link', { name: number, exact: true })).toBeVisible();
    await expect(lane.getByRole('article').first()).toBeVisible();

    // Latest is newest first, with nothing pinned above it.
    await page.getByRole('link', { name: 'Latest', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /Latest/ })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Questions', exact: true }).getByRole('article').first(),
    ).toBeVisible();
    await expect(lane).toHaveCount(0);
    await page.goto('/');

    await topics.getByRole('button', { name: /^Housing \d+$/ }).click();
    await expect(page).toHaveURL(/category=housing/);
    // The address changes first; the whole list stays on screen until the Housing one is drawn in its place. Each
    // card's category badge, read in one pass over the list, says which list it is: every card is a Housing card.
    const list = page.getByRole('region', { name: 'Questions', exact: true });
    await expect
      .poll(
        () =>
          list.evaluate((section) => {
            const cards = [...section.querySelectorAll('article')];
            if (cards.length === 0) return null;
            const isHousing = (card: Element) =>
              [...card.querySelectorAll('span')].some((badge) => badge.textContent === 'Housing');
            // The titles of the cards that are not Housing cards.
            return cards
              .filter((card) => !isHousing(card))
              .map((card) => card.querySelector('h3')?.textContent);
          }),
        { message: 'the list shows cards, and every one is a Housing card' },
      )
      .toEqual([]);

    // The first card's address and title, read from its link at once; then that link (by its address) is opened.
    const { href, title } = await list
      .getByRole('article')
      .first()
      .getByRole('heading')
      .getByRole('link')
      .evaluate((link) => ({ href: link.getAttribute('href')!, title: link.textContent! }));
    expect(href).toMatch(/^\/questions\/[\w-]+$/);
    await list.getByRole('heading').locator(`a[href="${href}"]`).click();
    await expect(page).toHaveURL(href);
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByText('Housing', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Replies \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In to Reply' })).toBeVisible();
  });

  test('search finds questions and says when nothing matches', async ({ page }) => {
    await page.goto('/latest');
    await page.getByRole('searchbox', { name: 'Search questions' }).fill('bond');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('Results for “bond”')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Questions', exact: true }).getByRole('article').first(),
    ).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search questions' }).fill('zzqxwv nothing like this');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Start the Conversation' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await expect(
      page.getByRole('region', { name: 'Questions', exact: true }).getByRole('article').first(),
    ).toBeVisible();
  });

  test('liking asks them to sign in, then brings them back', async ({ page, request }) => {
    const title = `Like me later ${Date.now()}`;
    await askOwnQuestion(request, title);
    const user = await createUser(request);
    await page.goto('/latest');
    await feedCard(page, title).getByRole('button', { name: 'Like: 0 likes' }).click();
    await expect(toast(page, 'Login required')).toContainText('Please sign in to like posts');
    await expect(page).toHaveURL(/\/login\?next=%2Flatest/, { timeout: 5000 });
    await fillLogin(page, user.email, user.password);
    await expect(page).toHaveURL('/latest');
    // Back on the feed, signed in; the like asked for as a visitor was not made for them.
    await expect(feedCard(page, title).getByRole('button', { name: 'Like: 0 likes' })).toBeVisible();
  });

  test('bookmarking and replying also need an account', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Questions', exact: true })
      .getByRole('article')
      .first()
      .getByRole('button', { name: 'Save' })
      .click();
    await expect(toast(page, 'Login required')).toContainText('Please sign in to save questions');
    await expect(page).toHaveURL(/\/login\?next=%2F$/);
  });
});

test.describe('students', () => {
  test('ask a question in the dialog, with the validation toast, and find it in the feed and profile', async ({
    page,
    request,
  }) => {
    const user = await createUser(request);
    await signInFast(page, user, '/latest');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    await dialog.getByRole('button', { name: 'Post Question' }).click();
    await expect(toast(page, 'Missing information')).toContainText(
      'Please fill in both title and description.',
    );

    const title = `Where do I get a tax file number? ${Date.now()}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Details').fill('I start a casual job next week.\nWhat do I need?');
    await dialog.getByLabel('Category').selectOption('Work & Career');
    await dialog.getByLabel('Tags').fill(' TFN, tax ,, Work ');
    await dialog.getByLabel('This is urgent (SOS)').check();
    await expect(dialog.getByRole('note')).toContainText('000');
    await dialog.getByLabel('This is urgent (SOS)').uncheck();
    await dialog.getByRole('button', { name: 'Post Question' }).click();
    await expect(toast(page, 'Question posted!')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The asker goes on to the question's page (e2e/next-steps.spec.ts), and the feed has it.
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.goto('/latest');

    const card = feedCard(page, title);
    await expect(card).toBeVisible();
    await expect(card.getByText('Work & Career')).toBeVisible();
    for (const tag of ['#tfn', '#tax', '#work'])
      await expect(card.getByText(tag, { exact: true })).toBeVisible();
    await expect(card.getByText(user.displayName)).toBeVisible();

    await page.goto('/profile');
    await expect(
      page.getByRole('region', { name: 'My questions' }).getByRole('heading', { name: title }),
    ).toBeVisible();
  });

  test('a microphone that cannot be used says so', async ({ page, request }) => {
    const user = await createUser(request);
    await signInFast(page, user, '/');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    await page.getByRole('button', { name: 'Record a Voice Note' }).click();
    await expect(toast(page, 'Recording failed')).toContainText('Unable to access microphone.');
  });

  test('an anonymous question shows no name, and like, save and reply work', async ({ page, request }) => {
    const author = await createUser(request);
    await signInFast(page, author, '/');
    const title = `Anonymous question ${Date.now()}`;
    const id = await postQuestion(page, {
      title,
      content: 'Please keep my name out of this.',
      isAnonymous: true,
    });
    await page.goto(`/questions/${id}`);
    await expect(page.getByRole('main').getByText('Anonymous member')).toBeVisible();
    await expect(page.getByRole('main').getByText(author.displayName)).toHaveCount(0);

    const reader = await createUser(request);
    await page.context().clearCookies();
    await signInFast(page, reader, `/questions/${id}`);
    await expect(page.getByRole('main').getByText(author.displayName)).toHaveCount(0);

    const like = page.getByRole('button', { name: /^Like: 0 likes$/ });
    await like.click();
    await expect(page.getByRole('button', { name: /^Remove like: 1 like$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Added to bookmarks')).toBeVisible();

    await page.getByLabel('Your reply').fill('Try the ATO website: https://www.ato.gov.au/');
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await expect(toast(page, 'Reply posted!')).toBeVisible();
    // Chloe may have replied already too.
    await expect(page.getByRole('heading', { name: /^Replies \([12]\)$/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'https://www.ato.gov.au/' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('button', { name: /^Remove like: 1 like$/ })).toBeVisible();
    await page.goto('/profile');
    await expect(
      page.getByRole('region', { name: 'Saved questions' }).getByRole('heading', { name: title }),
    ).toBeVisible();
  });

  test('share copies the link when the browser cannot share', async ({ page, context, request }) => {
    const id = await askOwnQuestion(request, `Share me ${Date.now()}`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.goto(`/questions/${id}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(toast(page, 'Link copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${ORIGIN}/questions/${id}`);
  });

  test('scripts in questions and replies show as text', async ({ page, request }) => {
    const user = await createUser(request);
    await signInFast(page, user, '/');
    const payload = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';
    const id = await postQuestion(page, { title: `XSS ${payload}`, content: payload, tags: ['<b>tag</b>'] });
    await page.goto(`/questions/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('<script>');
    await expect(page.getByText('#<b>tag</b>')).toBeVisible();
    await page.goto('/latest');
    await expect(feedCard(page, `XSS ${payload}`)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });

  test('authors can delete their question', async ({ page, request }) => {
    const user = await createUser(request);
    await signInFast(page, user, '/');
    const id = await postQuestion(page, {
      title: `To be deleted ${Date.now()}`,
      content: 'Posted by mistake.',
    });
    await page.goto(`/questions/${id}`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Deleted')).toBeVisible();
    await expect(page).toHaveURL('/');
    await page.goto(`/questions/${id}`);
    await expect(page.getByText('This question does not exist or was deleted.')).toBeVisible();
  });

  test('reporting a question sends it to the moderators once', async ({ page, request }) => {
    const title = `Report me ${Date.now()}`;
    const id = await askOwnQuestion(request, title);
    const user = await createUser(request);
    await signInFast(page, user, `/questions/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Report' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Report this content' });
    await dialog.getByLabel('Misleading advice').check();
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await expect(toast(page, 'Thank you. Our moderators will review it.')).toBeVisible();
    await page.getByRole('button', { name: 'Report' }).first().click();
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await expect(toast(page, 'Could not send the report')).toContainText('You have already reported this.');
  });
});

test('a mentor’s reply carries the Mentor badge once an admin has verified them', async ({
  page,
  request,
}) => {
  const student = await createUser(request);
  await signInFast(page, student, '/');
  const id = await postQuestion(page, {
    title: `Mentor please ${Date.now()}`,
    content: 'How do I find a room?',
  });
  await page.context().clearCookies();
  const mentor = await createUser(request, newUser('mentor'));
  const { id: mentorId } = await signInFast(page, mentor, `/questions/${id}`);
  await page.getByLabel('Your reply').fill('Look at the state tenancy website first.');
  await page.getByRole('button', { name: 'Post Reply' }).click();
  const reply = page.getByRole('listitem').filter({ hasText: 'Look at the state tenancy website first.' });
  await expect(reply.getByText(mentor.displayName)).toBeVisible();
  // Signed up as a mentor, not verified yet: no badge.
  await expect(reply.getByText('Mentor', { exact: true })).toHaveCount(0);

  await confirmEmail(request, mentor.email);
  const admin = await request.post('/api/auth/demo', {
    data: { role: 'admin' },
    headers: { origin: ORIGIN },
  });
  expect(admin.ok()).toBe(true);
  const verified = await request.post(`/api/admin/users/${mentorId}/verify`, { headers: { origin: ORIGIN } });
  expect(verified.ok(), await verified.text()).toBe(true);
  await page.reload();
  await expect(reply.getByText('Mentor', { exact: true })).toBeVisible();
});

test.describe('at 360 px and in Vietnamese', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the feed and a question page fit the screen and pass axe', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('mentorme.language', 'vi'));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Câu hỏi cộng đồng' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Câu hỏi', exact: true }).getByRole('article').first(),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoViolations(page, 'the feed at 360 px in Vietnamese');

    await page
      .getByRole('region', { name: 'Câu hỏi', exact: true })
      .getByRole('article')
      .first()
      .getByRole('heading')
      .getByRole('link')
      .click();
    await expect(page.getByRole('heading', { name: /^Câu trả lời \(\d+\)$/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoViolations(page, 'a question page at 360 px in Vietnamese');
  });
});

test('a question page passes axe at 1280 px in English, signed in', async ({ page, request }) => {
  const title = `Axe check ${Date.now()}`;
  const id = await askOwnQuestion(request, title);
  // A reply of the author's, so the replies list is on the page too.
  const replied = await request.post(`/api/questions/${id}/replies`, {
    data: { content: 'Update: I found the council website, still looking for more.' },
    headers: { origin: ORIGIN },
  });
  expect(replied.status(), await replied.text()).toBe(201);
  const user = await createUser(request);
  await signInFast(page, user, `/questions/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Update: I found the council website')).toBeVisible();
  await expect(page.getByLabel('Your reply')).toBeVisible();
  await expectNoViolations(page, 'a question page at 1280 px, signed in');
});

test('more questions load as the reader scrolls, then with the button', async ({ page }) => {
  await page.goto('/latest');
  const cards = page.getByRole('region', { name: 'Questions', exact: true }).getByRole('article');
  await expect(cards).toHaveCount(10);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect.poll(() => cards.count()).toBeGreaterThan(10);
});

test('a question that cannot be loaded says so in place, and Try again loads it', async ({
  page,
  request,
}) => {
  const title = `Load me again ${Date.now()}`;
  await askOwnQuestion(request, title);
  await page.goto('/latest');
  const link = feedCard(page, title).getByRole('heading').getByRole('link');
  await expect(link).toBeVisible();
  let down = true;
  await page.route('**/api/questions/*', (route) =>
    down && route.request().method() === 'GET'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"error":"Down","code":"UNAVAILABLE"}',
        })
      : route.fallback(),
  );
  await link.click();
  const alert = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Try Again' }) });
  await expect(alert).toBeVisible();
  down = false;
  await alert.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});
