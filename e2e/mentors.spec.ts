import { expect } from '@playwright/test';
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

test('a student finds a Vietnamese-speaking housing mentor in Victoria, reads their page and starts a chat', async ({
  page,
}) => {
  const student = await createUser(page.request, newUser('student'));
  await signInFast(page, student, '/mentors');
  await expect(page.getByRole('heading', { level: 1, name: 'Mentors' })).toBeVisible();
  await expectNoViolations(page, '/mentors');

  await page.getByLabel('Topic', { exact: true }).selectOption('housing');
  await page.getByLabel('Language', { exact: true }).selectOption('vi');
  await page.getByLabel('State or territory', { exact: true }).selectOption('VIC');
  // The filters are in the address, so the list can be shared.
  await expect(page).toHaveURL(/\/mentors\?topic=housing&language=vi&state=VIC$/);
  const card = page.getByRole('article').filter({ hasText: 'Demo Housing Mentor' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Vietnamese');
  await expect(card).toContainText('Victoria');
  await expect(card).toContainText('Taking new conversations');
  // Answers that helped are counted once there are some: never "0 answers helped".
  await expect(card).toContainText(/questions? answered/);
  await expect(card).not.toContainText(/\b0 answers helped/);
  // Every card on the list matches all three filters.
  for (const each of await page.getByRole('article').all()) {
    await expect(each).toContainText('Housing');
    await expect(each).toContainText('Vietnamese');
    await expect(each).toContainText('Victoria');
  }

  // A shared address opens the same list.
  const shared = page.url();
  await page.goto('/faq');
  await page.goto(shared);
  await expect(page.getByLabel('Language', { exact: true })).toHaveValue('vi');
  await expect(page.getByRole('article').filter({ hasText: 'Demo Housing Mentor' })).toBeVisible();

  await page.getByRole('link', { name: 'View profile of Demo Housing Mentor' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Housing Mentor' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Story' })).toBeVisible();
  await expect(page.getByText('Demo profile', { exact: true })).toBeVisible();
  await expectNoViolations(page, '/mentors/:id');

  await page.getByRole('link', { name: 'Start a Conversation' }).click();
  // The mentor is chosen: the dialog asks only what to talk about.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Demo Housing Mentor');
  await expect(dialog.getByRole('combobox')).toHaveCount(0);
  await dialog
    .getByLabel('What would you like to talk about?', { exact: true })
    .fill('Finding a room near campus');
  await dialog.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(toast(page, 'New conversation started!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Finding a room near campus' })).toBeVisible();

  // The student closes it and says whether it helped (which also frees the mentor's place for the next student).
  await page.getByRole('button', { name: 'Conversation options' }).click();
  page.once('dialog', (confirm) => void confirm.accept());
  await page.getByRole('button', { name: 'Close Conversation' }).click();
  await expect(toast(page, 'Conversation closed')).toBeVisible();
  const feedback = page.getByRole('group', { name: 'Was this conversation helpful?' });
  await feedback.getByRole('radio', { name: 'Yes' }).check();
  await page.getByLabel('Anything you would like to add? (optional)').fill('Found a room in Footscray.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(toast(page, 'Thank you for telling us.')).toBeVisible();
  await expect(feedback).toHaveCount(0);
});

test('the mentors page in Vietnamese passes axe and shows the filters in Vietnamese', async ({ page }) => {
  await useLanguage(page, 'vi');
  await page.goto('/mentors?language=vi');
  await expect(page.getByRole('heading', { level: 1, name: 'Người hướng dẫn' })).toBeVisible();
  await expect(page.getByLabel('Ngôn ngữ', { exact: true })).toHaveValue('vi');
  await expect(page.getByRole('article').first()).toContainText('Tiếng Việt');
  await expectNoViolations(page, '/mentors in Vietnamese');
});

test('a mentor edits their profile on /profile, and the change is kept', async ({ page }) => {
  const mentor = await createUser(page.request, newUser('mentor'));
  await signInFast(page, mentor, '/profile');
  const section = page.getByRole('region', { name: 'Your mentor profile' });
  await expect(section.getByLabel('Headline', { exact: true })).toHaveValue(
    'Happy to help with study and work',
  );
  await expectNoViolations(page, '/profile as a mentor');

  await section.getByLabel('Headline', { exact: true }).fill('Renting and part-time work in Perth');
  await section.getByRole('checkbox', { name: 'Housing' }).check();
  await section.getByRole('checkbox', { name: 'Vietnamese' }).check();
  await section.getByLabel('State or territory', { exact: true }).selectOption('WA');
  await section.getByLabel('City or town', { exact: true }).fill('Perth');
  await section.getByLabel('Open conversations at once', { exact: true }).fill('3');
  await section.getByRole('button', { name: 'Save Profile' }).click();
  await expect(toast(page, 'Profile saved')).toBeVisible();

  // A capacity out of range is refused with the reason.
  await section.getByLabel('Open conversations at once', { exact: true }).fill('20');
  await section.getByRole('button', { name: 'Save Profile' }).click();
  await expect(toast(page, 'Could not save your profile')).toContainText(
    'Please choose a number from 1 to 10.',
  );

  await page.reload();
  const again = page.getByRole('region', { name: 'Your mentor profile' });
  await expect(again.getByLabel('Headline', { exact: true })).toHaveValue(
    'Renting and part-time work in Perth',
  );
  await expect(again.getByRole('checkbox', { name: 'Housing' })).toBeChecked();
  await expect(again.getByLabel('State or territory', { exact: true })).toHaveValue('WA');
  await expect(again.getByLabel('Open conversations at once', { exact: true })).toHaveValue('3');
});

test('the asker marks the answer that helped, and readers see it', async ({ page, browser }) => {
  const asker = await createUser(page.request, newUser('student'));
  await signInFast(page, asker, '/');
  const created = await page.request.post('/api/questions', {
    data: { title: 'How do I get my bond back?', content: 'My lease ends next week and I am worried.' },
    headers: { origin: ORIGIN },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // A new member answers: the demo mentor's replies are spaced 30 s apart, and other tests reply as them.
  const helperContext = await browser.newContext();
  const helper = await helperContext.newPage();
  await signInFast(helper, await createUser(helper.request, newUser('student')), '/faq');
  const reply = await helper.request.post(`/api/questions/${id}/replies`, {
    data: { content: 'Ask for a bond refund form and check the condition report.' },
    headers: { origin: ORIGIN },
  });
  expect(reply.status()).toBe(201);
  await helperContext.close();

  await page.goto(`/questions/${id}`);
  const answer = page.getByRole('listitem').filter({ hasText: 'Ask for a bond refund form' });
  const helped = answer.getByRole('button', { name: 'This Helped' });
  await expect(helped).toHaveAttribute('aria-pressed', 'false');
  await helped.click();
  await expect(helped).toHaveAttribute('aria-pressed', 'true');
  await expect(answer.getByText('Helped the asker')).toBeVisible();
  await expectNoViolations(page, 'a question with an answer that helped');

  // A visitor sees the mark and no button.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/questions/${id}`);
  await expect(visitor.getByText('Helped the asker')).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'This Helped' })).toHaveCount(0);
  await visitorContext.close();
});
