import { expect } from '@playwright/test';
import { askOwnQuestion, createUser, ORIGIN, apiSignIn, test } from './fixtures';

test.describe('the live feed', () => {
  test('shows a visitor reading /latest that a question was asked, and shows it on a tap', async ({
    page,
    playwright,
  }) => {
    // The page hears of new questions once its socket watches the feed: the frame is on screen before that.
    const watching = page
      .waitForEvent('websocket')
      .then((socket) =>
        socket.waitForEvent('framesent', (frame) =>
          /"type":"watch","topic":"feed"/.test(String(frame.payload)),
        ),
      );
    await page.goto('/latest');
    await expect(page.getByRole('heading', { level: 2, name: 'Questions' })).toBeAttached();
    await watching;
    // Someone else, elsewhere, asks.
    const elsewhere = await playwright.request.newContext({ baseURL: ORIGIN });
    const title = `Landlord says he will change the locks tonight ${Date.now()}`;
    await askOwnQuestion(elsewhere, title);
    // Other spec files ask questions on the same app meanwhile: the count is theirs too.
    const more = page.getByRole('button', { name: /^\d+ New Questions?$/ });
    await expect(more).toBeVisible();
    // Not pushed under the reader's thumb: it shows when they ask for it.
    await expect(page.getByRole('heading', { level: 3, name: title })).toHaveCount(0);
    const counted = (await more.textContent())!;
    await more.click();
    await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
    // The count starts again from none: a question asked since counts anew.
    await expect(page.getByRole('button', { name: counted, exact: true })).toBeHidden();
    await elsewhere.dispose();
  });

  test('puts a reply in place on the question page while the reader is on it', async ({
    page,
    playwright,
  }) => {
    const elsewhere = await playwright.request.newContext({ baseURL: ORIGIN });
    const questionId = await askOwnQuestion(elsewhere, `Is my bond refundable ${Date.now()}`);
    await page.goto(`/questions/${questionId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const replier = await playwright.request.newContext({ baseURL: ORIGIN });
    const person = await createUser(replier);
    expect(await apiSignIn(replier, person.email, person.password)).toBe(200);
    const answer = `Ask the bond authority of your state ${Date.now()}`;
    const response = await replier.post(`/api/questions/${questionId}/replies`, {
      data: { content: answer },
      headers: { origin: ORIGIN },
    });
    expect(response.status(), await response.text()).toBe(201);
    await expect(page.getByText(answer)).toBeVisible();
    await elsewhere.dispose();
    await replier.dispose();
  });
});
