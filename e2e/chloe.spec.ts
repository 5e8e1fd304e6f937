import { expect, type Page } from '@playwright/test';
import {
  createUser,
  expectNoViolations,
  newUser,
  ORIGIN,
  signInFast,
  toast,
  useLanguage,
  test,
} from './fixtures';

const input = (page: Page) => page.getByRole('textbox', { name: 'Message to Chloe' });
const log = (page: Page) => page.getByRole('log', { name: 'Conversation with Chloe' });

test('greets, offers three prompts that fill the input, and the disclaimer links the register', async ({
  page,
}) => {
  await page.goto('/chloe');
  await expect(page.getByRole('heading', { name: 'Chloe', exact: true })).toBeVisible();
  await expect(page.getByText('Online')).toBeVisible();
  // CHLOE_CALL_URL is not set in the test run: no Call Chloe button.
  await expect(page.getByRole('link', { name: /Call Chloe/ })).toHaveCount(0);
  await expect(log(page)).toContainText("Hi, I'm Chloe!");
  await expect(page.getByRole('link', { name: /registered migration agent/ })).toHaveAttribute(
    'href',
    'https://portal.mara.gov.au/search-the-register-of-migration-agents/',
  );
  const chips = page.getByRole('button', { name: /\?$|…$/ });
  await expect(chips).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'How many hours can I work on a student v…' })).toBeVisible();
  await expect(input(page)).toHaveAttribute('placeholder', 'My dream is...');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await page.getByRole('button', { name: 'How do I get a tax file number?' }).click();
  await expect(input(page)).toHaveValue('How do I get a tax file number?');
  await expect(input(page)).toBeFocused();
});

test('Enter sends, Shift+Enter adds a line, and the answer streams in with its sources', async ({ page }) => {
  await page.goto('/chloe');
  await input(page).fill('How does Mentor Me work');
  await input(page).press('Shift+Enter');
  await input(page).pressSequentially('and can I ask anonymously?');
  await expect(input(page)).toHaveValue('How does Mentor Me work\nand can I ask anonymously?');
  await expect(log(page).getByText('You:')).toHaveCount(0);
  await input(page).press('Enter');
  await expect(input(page)).toHaveValue('');
  await expect(log(page)).toContainText('and can I ask anonymously?');
  await expect(log(page)).toContainText('How Mentor Me works');
  await expect(log(page).getByRole('heading', { name: 'Sources' })).toBeVisible();
  await expect(log(page).getByRole('link', { name: 'Mentor Me: FAQ' })).toHaveAttribute('href', '/faq');
  // The prompts are gone once the conversation has started.
  await expect(page.getByRole('button', { name: 'How do I get a tax file number?' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
});

test('answers a person in crisis with the numbers first, as phone links', async ({ page }) => {
  await page.goto('/chloe');
  await input(page).fill('I want to kill myself');
  await input(page).press('Enter');
  // The numbers open the answer; the crisis-support answer after them may name some of them again.
  const links = log(page).getByRole('link');
  await expect(links.nth(0)).toHaveText('000');
  await expect(links.nth(0)).toHaveAttribute('href', 'tel:000');
  await expect(links.nth(1)).toHaveText('13 11 14');
  await expect(links.nth(1)).toHaveAttribute('href', 'tel:131114');
  await expect(links.nth(2)).toHaveText('1800 737 732');
  await expect(links.nth(2)).toHaveAttribute('href', 'tel:1800737732');
  await expect(log(page)).toContainText('Mental health support');
});

test('Stop ends a waiting answer', async ({ page }) => {
  await page.route('**/api/ai/chat', () => undefined); // the answer never comes
  await page.goto('/chloe');
  await input(page).fill('Hello?');
  await input(page).press('Enter');
  await expect(log(page).getByText('Chloe is typing…')).toBeAttached();
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(log(page)).toContainText('Stopped.');
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
});

test('a failed request and an interrupted stream each get the spec’s toast, and Retry asks again', async ({
  page,
}) => {
  let calls = 0;
  await page.route('**/api/ai/chat', (route) => {
    calls += 1;
    if (calls === 1) return route.fulfill({ status: 500, json: { error: 'Down' } });
    if (calls === 2)
      return route.fulfill({
        contentType: 'text/event-stream',
        body: 'data: {"type":"chunk","content":"Half an ans"}\n\ndata: {"type":"error","message":"broken"}\n\n',
      });
    return route.fulfill({
      contentType: 'text/event-stream',
      body: 'data: {"type":"chunk","content":"A **whole** answer."}\n\ndata: {"type":"done","sources":[]}\n\n',
    });
  });
  await page.goto('/chloe');
  await input(page).fill('first');
  await input(page).press('Enter');
  await expect(toast(page, 'Message failed')).toContainText('Unable to send message to Chloe');

  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(toast(page, 'Connection interrupted')).toContainText(
    'The response was interrupted. Please try again.',
  );
  await expect(log(page)).toContainText('Half an ans');

  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(log(page).locator('strong', { hasText: 'whole' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});

test('an answer cut off by a server restart is asked again, and only the new answer shows', async ({
  page,
}) => {
  let calls = 0;
  await page.route('**/api/ai/chat', (route) => {
    calls += 1;
    return route.fulfill({
      contentType: 'text/event-stream',
      body:
        calls === 1
          ? 'data: {"type":"chunk","content":"Cut off mid"}\n\ndata: {"type":"retry"}\n\n'
          : 'data: {"type":"chunk","content":"The answer from another server."}\n\ndata: {"type":"done","sources":[]}\n\n',
    });
  });
  await page.goto('/chloe');
  await input(page).fill('How do I get a tax file number?');
  await input(page).press('Enter');
  await expect(log(page)).toContainText('The answer from another server.');
  await expect(log(page)).not.toContainText('Cut off mid');
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  expect(calls).toBe(2);
});

test('renders Markdown safely: no HTML, no script links, web links in a new tab', async ({ page }) => {
  await page.route('**/api/ai/chat', (route) =>
    route.fulfill({
      contentType: 'text/event-stream',
      body: `data: ${JSON.stringify({
        type: 'chunk',
        content:
          '<img src=x onerror="window.hacked=1"> [bad](javascript:alert(1)) [Fair Work](https://www.fairwork.gov.au/)',
      })}\n\ndata: {"type":"done"}\n\n`,
    }),
  );
  await page.goto('/chloe');
  await input(page).fill('test');
  await input(page).press('Enter');
  await expect(log(page)).toContainText('<img src=x');
  expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  await expect(log(page).getByRole('link', { name: 'bad' })).toHaveCount(0);
  const link = log(page).getByRole('link', { name: 'Fair Work' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
});

test('speaks Vietnamese', async ({ page }) => {
  await useLanguage(page, 'vi');
  await page.goto('/chloe');
  await expect(page.getByRole('textbox', { name: 'Tin nhắn gửi Chloe' })).toHaveAttribute(
    'placeholder',
    'Ước mơ của tôi là...',
  );
  await page.getByRole('textbox', { name: 'Tin nhắn gửi Chloe' }).fill('Mentor Me hoạt động như thế nào?');
  await page.getByRole('textbox', { name: 'Tin nhắn gửi Chloe' }).press('Enter');
  await expect(page.getByRole('log')).toContainText('Mentor Me hoạt động như thế nào', { timeout: 10_000 });
  await expect(page.getByRole('log').getByRole('heading', { name: 'Nguồn' })).toBeVisible();
});

for (const width of [360, 1280]) {
  test(`has no axe violations and fits ${width} px, before and after an answer`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/chloe');
    await expectNoViolations(page, `/chloe (${width} px)`);
    await input(page).fill('How does Mentor Me work?');
    await input(page).press('Enter');
    await expect(log(page).getByRole('heading', { name: 'Sources' })).toBeVisible();
    await expectNoViolations(page, `/chloe with an answer (${width} px)`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('Chloe replies to a new question in the feed, with her sources', async ({ page }) => {
  // Waits for the reply worker, which may only look again at its next poll (15 s) on a busy machine.
  test.setTimeout(60_000);
  await signInFast(page, await createUser(page.request, newUser()), '/');
  const title = `How do I get a tax file number for my first job? ${Date.now()}`;
  const response = await page.request.post('/api/questions', {
    data: { title, content: 'I just arrived on a student visa.' },
    headers: { origin: ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  // The worker is nudged when the question is posted and polls every 15 s besides: give it two polls.
  await expect
    .poll(
      async () => {
        const question = await page.request.get(`/api/questions/${id}`);
        expect(question.status()).toBe(200);
        const { replies } = (await question.json()) as { replies: { isAiReply: boolean }[] };
        return replies.some((reply) => reply.isAiReply);
      },
      { message: 'Chloe has replied to the question', timeout: 35_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);

  await page.goto(`/questions/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Chloe (AI assistant)')).toBeVisible();
  await expect(page.getByRole('link', { name: /Australian Taxation Office/ }).first()).toHaveAttribute(
    'target',
    '_blank',
  );
  await page.goto('/latest');
  await expect(page.getByRole('article').filter({ hasText: title })).toContainText('Chloe replied');
});

test('an answer opens at its beginning: the question asked and the start of the answer stay in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/chloe');
  for (const question of ['How does Mentor Me work?', 'How do I get a tax file number?']) {
    await input(page).fill(question);
    await input(page).press('Enter');
    await expect(log(page)).toContainText(question);
    await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  }
  // The second question is at the top of the log, not scrolled away by its answer streaming in below it.
  const asked = log(page).locator('[data-role="user"]').last();
  await expect(asked).toContainText('How do I get a tax file number?');
  await expect(asked).toBeInViewport();
  const answer = log(page).locator('[data-role="chloe"]').last();
  await expect(answer).toBeInViewport();
});

test('with nothing on a question, Chloe says so and offers the community and a mentor; the chat survives a reload until cleared', async ({
  page,
}) => {
  await signInFast(page, await createUser(page.request, newUser()), '/chloe');
  const question = 'What is the best way to cook a risotto?';
  await input(page).fill(question);
  await input(page).press('Enter');
  await expect(log(page)).toContainText("I don't have information on that");
  await expect(log(page)).toContainText('13 11 14');
  await expect(log(page).getByRole('link', { name: 'Talk to a Mentor' })).toHaveAttribute('href', '/chat');
  await log(page).getByRole('button', { name: 'Ask the Community' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
  await expect(dialog.getByRole('textbox', { name: /^Title/ })).toHaveValue(question);
  await expectNoViolations(page, '/chloe, asking the community');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Thumbs down with a reason, the conversation shared.
  let sent: unknown;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/ai/feedback')) sent = request.postDataJSON();
  });
  await log(page).getByRole('button', { name: 'No, this answer did not help' }).click();
  await log(page)
    .getByRole('textbox', { name: /^Tell us more/ })
    .fill('I wanted a recipe.');
  await log(page).getByRole('checkbox').check();
  await log(page).getByRole('button', { name: 'Send Feedback' }).click();
  await expect(log(page)).toContainText('Thank you, your feedback was sent.');
  expect(sent).toMatchObject({
    rating: 'down',
    reason: 'I wanted a recipe.',
    conversation: [{ role: 'user', content: question }, { role: 'assistant' }],
  });

  // Kept on this device: a reload shows it; Clear conversation empties it for good.
  await page.reload();
  await expect(log(page)).toContainText(question);
  await page.getByRole('button', { name: 'Clear Conversation' }).click();
  await expect(log(page)).not.toContainText(question);
  await page.reload();
  await expect(log(page)).not.toContainText(question);
});
