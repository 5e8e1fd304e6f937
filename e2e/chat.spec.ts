import { expect } from '@playwright/test';
import { bubbles, startConversation, twoPeople, write } from './chat-helpers';
import { expectNoViolations, toast, test } from './fixtures';

test('visitors are asked to sign in to chat, and come back to it', async ({ page }) => {
  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'Sign in to Chat' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In', exact: true }).last()).toHaveAttribute(
    'href',
    '/login?next=%2Fchat',
  );
  await expectNoViolations(page, '/chat signed out');
});

test('a student and a mentor chat live, and a dropped connection loses and repeats nothing', async ({
  browser,
}) => {
  const { student, mentor, studentContext, mentorContext, studentName, mentorId, mentorName } =
    await twoPeople(browser);
  const title = `Part-time work ${Date.now()}`;
  await startConversation(student, mentorId, title);

  await write(student, 'Hello! Can you help me with my first job?');
  await expect(bubbles(student, 'Hello! Can you help me with my first job?')).toBeVisible();

  // The mentor's list shows the new conversation with its unread message, without a reload.
  const item = mentor.getByRole('link', { name: new RegExp(title) });
  await expect(item).toBeVisible();
  await expect(item).toContainText('1 unread message');
  await item.click();
  await expect(bubbles(mentor, 'Hello! Can you help me with my first job?')).toBeVisible();
  await expect(mentor.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(mentor.getByText(studentName).first()).toBeVisible();

  // The socket handles the mentor’s join before their typing, however soon after opening the conversation they type.
  // The notice shows for 3 s after each typing frame: looked for from the first keystroke, not after the last.
  const typingShown = expect(student.getByText(`${mentorName} is typing…`, { exact: true })).toBeVisible();
  await mentor.getByRole('textbox', { name: 'Message' }).pressSequentially('Of course');
  await typingShown;
  await mentor.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(bubbles(student, 'Of course')).toBeVisible();

  // Shift+Enter writes a new line; a blank message is not sent.
  const box = student.getByRole('textbox', { name: 'Message' });
  await box.fill('Line one');
  await box.press('Shift+Enter');
  await box.pressSequentially('line two');
  await box.press('Enter');
  await expect(bubbles(mentor, 'line two')).toContainText(/Line one\s+line two/);
  await box.fill('   ');
  await expect(student.getByRole('button', { name: 'Send' })).toBeDisabled();

  // The student's network drops; the mentor writes twice; the student comes back and sees both, once each.
  await studentContext.setOffline(true);
  await write(mentor, 'First while you were away');
  await write(mentor, 'Second while you were away');
  await expect(bubbles(mentor, 'Second while you were away')).toBeVisible();
  await studentContext.setOffline(false);
  await expect(bubbles(student, 'First while you were away')).toHaveCount(1, { timeout: 15_000 });
  await expect(bubbles(student, 'Second while you were away')).toHaveCount(1);
  await expect(bubbles(student, 'Of course')).toHaveCount(1);
  // Nothing shows twice after another message, either.
  await write(student, 'Thanks, I am back');
  await expect(bubbles(mentor, 'Thanks, I am back')).toHaveCount(1);
  await expect(bubbles(student, 'Thanks, I am back')).toHaveCount(1);

  await expectNoViolations(student, '/chat with a conversation (student)');
  await expectNoViolations(mentor, '/chat with a conversation (mentor)');
  await studentContext.close();
  await mentorContext.close();
});

test('at 360 px in Vietnamese the list and the messages are two screens with a way back', async ({
  browser,
}) => {
  const { student, studentContext, mentorContext, mentorId } = await twoPeople(browser, { locale: 'vi' });
  await student.setViewportSize({ width: 360, height: 740 });
  await student.getByRole('button', { name: 'Bắt đầu cuộc trò chuyện mới' }).click();
  const dialog = student.getByRole('dialog');
  // One word for a mentor in Vietnamese, on every screen (the demo mentors' names are names).
  await expect(dialog.getByRole('option', { name: /^Demo Mentor/ })).toBeAttached();
  await expect(student.locator('body')).not.toContainText(/cố vấn/i);
  await dialog.getByLabel('Người hướng dẫn', { exact: true }).selectOption(mentorId);
  await dialog.getByLabel('Tiêu đề cuộc trò chuyện', { exact: true }).fill('Hỏi về nhà ở');
  await dialog.getByRole('button', { name: 'Bắt đầu trò chuyện' }).click();
  await expect(toast(student, 'Đã bắt đầu cuộc trò chuyện mới!')).toBeVisible();
  await write(student, 'Xin chào anh chị', 'Tin nhắn');
  await expect(bubbles(student, 'Xin chào anh chị')).toBeVisible();
  expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoViolations(student, '/chat at 360 px in Vietnamese (messages)');
  await student.getByRole('link', { name: 'Quay lại danh sách trò chuyện' }).click();
  await expect(student.getByRole('link', { name: /Hỏi về nhà ở/ })).toBeVisible();
  await expect(student.getByRole('log')).toHaveCount(0);
  await expectNoViolations(student, '/chat at 360 px in Vietnamese (list)');
  await studentContext.close();
  await mentorContext.close();
});
