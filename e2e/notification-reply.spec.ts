import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiSignIn,
  askOwnQuestion,
  confirmEmail,
  createUser,
  expectNoViolations,
  mailTo,
  newUser,
  ORIGIN,
  signInFast,
  test,
} from './fixtures';

/** A reply long enough to fill most of a phone's screen. */
const LONG =
  'When I arrived I went first to the council’s library, which has free computers, printers and a person who helps ' +
  'with forms. They showed me how to make a myGov account, link Medicare and the ATO, and where to find the ' +
  'settlement service near us. Take your passport, your visa grant letter and a proof of address: a bank letter ' +
  'is enough. Ask for an interpreter if you need one, it costs nothing.';

async function post(request: APIRequestContext, path: string, data: unknown, method = 'POST') {
  const response = await request.fetch(path, { method, data, headers: { origin: ORIGIN } });
  expect(response.ok(), await response.text()).toBe(true);
  return response;
}

/** A new member's reply to the question, through `request` (its own cookies); gives their name. */
async function replyAsNewMember(
  request: APIRequestContext,
  questionId: string,
  content: string,
): Promise<string> {
  const member = await createUser(request);
  expect(await apiSignIn(request, member.email, member.password)).toBe(200);
  await post(request, `/api/questions/${questionId}/replies`, { content });
  return member.displayName;
}

/** The reply the address names, on the question page: in view, marked, and focused. */
async function expectOpenedAt(page: Page, replyText: string) {
  const reply = page.getByRole('listitem').filter({ hasText: replyText });
  await expect(reply).toBeInViewport({ ratio: 0.2 });
  await expect(reply.getByText('The reply from your notification')).toBeVisible();
  await expect(reply).toBeFocused();
  // The question's title is far above: the page did not open at its top.
  await expect(page.getByRole('heading', { level: 1 })).not.toBeInViewport();
}

test('a reply’s notification opens the question at that reply, from the list and from its email', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const title = `Starting out in Adelaide: opening a bank account ${Date.now()}`;
  const questionId = await askOwnQuestion(request, title);
  // Chloe answers first; the replies then fill several screens of a phone.
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/questions/${questionId}`)).json()) as { replyCount: number })
          .replyCount,
      {
        timeout: 20_000,
      },
    )
    .toBeGreaterThan(0);
  for (let i = 1; i <= 5; i++) await replyAsNewMember(request, questionId, `Reply ${i}. ${LONG}`);

  // A reader who follows the question, with emails about followed questions on.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const reader = await createUser(page.request, newUser('student'));
  await confirmEmail(page.request, reader.email);
  await signInFast(page, reader, '/faq');
  await post(page.request, `/api/questions/${questionId}/follow`, {}, 'PUT');
  await post(
    page.request,
    '/api/notifications/preferences',
    { types: { reply_to_followed: { email: true } } },
    'PUT',
  );

  // The newest reply, at the bottom of the question.
  const answer = `The last word: the Welcome Centre on Grenfell Street helps with all of it ${Date.now()}.`;
  const replier = await replyAsNewMember(request, questionId, answer);

  // From the email: its link opens the page at the reply (a new page load).
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await mailTo(reader.email))
          .filter((mail) => mail.subject.includes(title))
          .map((mail) => /https?:\/\/\S+\/questions\/\S+#reply-[\w-]+/.exec(mail.text)?.[0])
          .find(Boolean);
        return link;
      },
      { message: `an email to ${reader.email} about the reply`, timeout: 30_000 },
    )
    .toBeDefined();
  // It says who replied, and quotes the reply.
  const [mail] = (await mailTo(reader.email)).filter((each) => each.subject.includes(title));
  expect(mail!.subject).toBe(`${replier} replied to “${title}”, a question you follow`);
  expect(mail!.text).toContain(`${replier}:\n“${answer}”`);
  const { pathname, hash } = new URL(link!);
  await page.goto(pathname + hash);
  await expect(page.locator('#root > [inert]')).toHaveCount(0);
  await expectOpenedAt(page, answer);
  await expectNoViolations(page, 'a question opened at a reply');

  // From /notifications, scrolled elsewhere first: one tap opens the question at the reply.
  await page.goto('/notifications');
  await page
    .getByRole('link', { name: new RegExp(`replied to “${title}”`) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/questions/${questionId}#reply-`));
  await expectOpenedAt(page, answer);

  await context.close();
});

test('the asker reading the question when a reply comes is not emailed about it; once away, they are', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const asker = await createUser(page.request, newUser('student'));
  await confirmEmail(page.request, asker.email);
  await signInFast(page, asker, '/faq');
  const title = `Getting my bond back ${Date.now()}`;
  const asked = await post(page.request, '/api/questions', {
    title,
    content: 'My lease ends next month. How do I get my bond back?',
  });
  const { id: questionId } = (await asked.json()) as { id: string };

  // On the question's page, the reply shows as it comes: read there, it needs no email.
  await page.goto(`/questions/${questionId}`);
  const seen = `Fill in the bond claim form with your landlord ${Date.now()}.`;
  const replier = await replyAsNewMember(request, questionId, seen);
  await expect(page.getByText(seen)).toBeVisible();
  await expect
    .poll(
      async () => {
        const { notifications } = (await (await page.request.get('/api/notifications')).json()) as {
          notifications: { readAt: string | null; actor: { displayName: string } | null }[];
        };
        return notifications.find((each) => each.actor?.displayName === replier)?.readAt;
      },
      { message: 'the reply read on the page' },
    )
    .toEqual(expect.any(String));

  // Away from it, the next reply is emailed, and the email is about that one alone.
  await page.goto('/faq');
  const away = `If they do not agree, apply to the tribunal ${Date.now()}.`;
  await replyAsNewMember(request, questionId, away);
  await expect
    .poll(async () => (await mailTo(asker.email)).filter((mail) => mail.subject.includes(title)).length, {
      message: `an email to ${asker.email} about the second reply`,
      timeout: 40_000,
    })
    .toBe(1);
  const [mail] = (await mailTo(asker.email)).filter((each) => each.subject.includes(title));
  expect(mail!.text).toContain(away);
  expect(mail!.text).not.toContain(seen);
});

test('a link to a reply deleted since opens its question at the top, with no error', async ({
  page,
  request,
}) => {
  const title = `Finding a GP ${Date.now()}`;
  const questionId = await askOwnQuestion(request, title);
  await signInFast(
    page,
    { role: 'student' },
    `/questions/${questionId}#reply-00000000-0000-4000-8000-000000000000`,
  );
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeInViewport();
  await expect(page.getByText('The reply from your notification')).toHaveCount(0);
});
