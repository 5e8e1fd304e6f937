import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { Locale } from '../src/shared/languages';
import { createUser, newUser, ORIGIN, signInFast, toast, useLanguage } from './fixtures';

/** Helpers of the mentor chat's specs (chat.spec.ts, chat-phone.spec.ts). */

/** A student in one browser and the demo mentor in another, as two people on two phones or laptops. */
export async function twoPeople(browser: Browser, { locale = 'en' as Locale } = {}) {
  const studentContext = await browser.newContext();
  const mentorContext = await browser.newContext();
  const student = await studentContext.newPage();
  const mentor = await mentorContext.newPage();
  for (const page of [student, mentor]) await useLanguage(page, locale);
  const user = await createUser(student.request, newUser('student'));
  await signInFast(student, user, '/chat');
  const mentorUser = await signInFast(mentor, { role: 'mentor' }, '/chat');
  return {
    student,
    mentor,
    studentContext,
    mentorContext,
    studentName: user.displayName,
    mentorId: mentorUser.id,
    mentorName: mentorUser.displayName,
  };
}

export const log = (page: Page) => page.getByRole('log');
/** The messages in the log that say this (each also names its sender for screen readers). */
export const bubbles = (page: Page, text: string) =>
  log(page).getByRole('listitem').filter({ hasText: text });

export async function startConversation(student: Page, mentorId: string, title: string) {
  await student.getByRole('button', { name: 'Start New Conversation' }).click();
  const dialog = student.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(toast(student, 'Please select a mentor and enter a chat title')).toBeVisible();
  await dialog.getByLabel('Mentor', { exact: true }).selectOption(mentorId);
  await dialog.getByLabel('Chat title', { exact: true }).fill(title);
  await dialog.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(toast(student, 'New conversation started!')).toBeVisible();
  await expect(student.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

export async function write(page: Page, text: string, label = 'Message') {
  const box = page.getByRole('textbox', { name: label });
  await box.fill(text);
  await box.press('Enter');
}

/**
 * Closes a conversation through its participant's `request`: the demo mentor takes a few open conversations at a time,
 * and the other specs start theirs with them too.
 */
export async function closeConversation(request: APIRequestContext, page: Page) {
  const id = new URL(page.url()).searchParams.get('c');
  expect(id).toBeTruthy();
  const response = await request.post(`/api/conversations/${id}/close`, { headers: { origin: ORIGIN } });
  expect(response.ok(), await response.text()).toBe(true);
}
