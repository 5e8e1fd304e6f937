import { expect } from '@playwright/test';
import { chromiumLaunch } from './chromium';
import { createUser, signInFast, toast, test } from './fixtures';

// Chromium's fake microphone: a real MediaRecorder recording, without a sound card or a permission prompt.
test.use({
  launchOptions: {
    ...chromiumLaunch,
    args: [...chromiumLaunch.args, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

test('a recorded voice note is posted with the question and plays on its page', async ({ page, request }) => {
  const user = await createUser(request);
  await signInFast(page, user, '/latest');
  await page.getByRole('button', { name: 'Ask a Question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
  const title = `Voice question ${Date.now()}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Details').fill('Listen to my recording, please.');
  await dialog.getByRole('button', { name: 'Record a Voice Note' }).click();
  await expect(dialog.getByRole('status')).toContainText('Recording…');
  // A second of sound at least, by the recorder's own count.
  await expect(dialog.getByRole('status')).toContainText(/Recording… [1-9]\d* s/);
  await dialog.getByRole('button', { name: 'Stop Recording' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove Recording' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Post Question' }).click();
  await expect(toast(page, 'Question posted!')).toBeVisible();
  // The asker goes on to the question's page; the feed's card says it has a voice note.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.goto('/latest');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card.getByText('Voice note')).toBeVisible();
  await card.getByRole('heading').getByRole('link').click();
  const audio = page.locator('audio');
  await expect(audio).toHaveAttribute('src', /\/api\/questions\/.+\/voice-note$/);
  const response = await page.request.get((await audio.getAttribute('src'))!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^audio\/(webm|ogg|mp4)/);
  expect((await response.body()).length).toBeGreaterThan(500);
});
