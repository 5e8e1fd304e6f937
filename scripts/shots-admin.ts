/**
 * The admin dashboard's part of `npm run shots`: something to moderate (a reported question, a reported chat
 * message with the lines before it, a mentor waiting for verification, a declined one, a service notice), then
 * every tab of /admin, a confirmation dialog, and the notice a declined mentor reads.
 */
import { request, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_TABS } from '../src/client/features/admin/use-admin-params';

const declined = {
  email: 'bao.applicant@example.com',
  password: 'shots-applicant-password-1',
  displayName: 'Bao Tran',
};

async function session(base: string, role: 'admin' | 'mentor' | 'student'): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
  const answer = await context.post('/api/auth/demo', { data: { role } });
  if (!answer.ok()) throw new Error(`demo ${role} sign-in: ${answer.status()}`);
  return context;
}

async function ok<T>(label: string, answer: Promise<Awaited<ReturnType<APIRequestContext['get']>>>) {
  const response = await answer;
  if (!response.ok()) throw new Error(`${label}: ${response.status()} ${await response.text()}`);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** Writes what the dashboard shows, once, before the pictures. */
/** Saves a screenshot of the page (shots.ts). */
type Shot = (page: Page, name: string, fullPage?: boolean) => Promise<unknown>;

export async function seedAdminExamples(base: string) {
  const student = await session(base, 'student');
  const mentor = await session(base, 'mentor');
  const admin = await session(base, 'admin');
  try {
    const { user: mentorUser } = await ok<{ user: { id: string } }>('me', mentor.get('/api/auth/me'));
    const chat = await ok<{ id: string }>(
      'conversation',
      student.post('/api/conversations', {
        data: { participantId: mentorUser.id, title: 'Help with my resume' },
      }),
    );
    const say = (who: APIRequestContext, content: string) =>
      ok<{ id: string }>(
        'message',
        who.post(`/api/conversations/${chat.id}/messages`, { data: { content } }),
      );
    await say(student, 'Hi! Could you look at my resume for a café job?');
    await say(mentor, 'Of course. Send it over and tell me about the job.');
    const reported = await say(mentor, 'Also send me a photo of your passport and your bank details.');
    await ok(
      'chat report',
      student.post(`/api/conversations/${chat.id}/report`, {
        data: {
          reason: 'personal-information',
          details: 'He asked for my passport and bank details.',
          messageId: reported.id,
        },
      }),
    );

    // Chloe's misses: one she had nothing on, one thumbed down (its email masked), one taken to the community.
    await student.post('/api/ai/chat', {
      data: { message: 'Can I bring my cat on the plane to Australia?' },
    });
    await ok(
      'thumbs down',
      student.post('/api/ai/feedback', {
        data: {
          rating: 'down',
          sources: [],
          locale: 'vi',
          question: 'Chủ nhà giữ tiền bond của em, email em là lan.nguyen@gmail.com ạ',
        },
      }),
    );
    await ok(
      'asked the community',
      student.post('/api/ai/misses', {
        data: { question: 'Where can I get a police check for volunteering?', kind: 'asked-community' },
      }),
    );

    const { questions } = await ok<{ questions: { id: string; isOwn: boolean }[] }>(
      'feed',
      student.get('/api/questions?sort=latest'),
    );
    const other = questions.find((q) => !q.isOwn)!;
    await ok(
      'question report',
      student.post(`/api/questions/${other.id}/report`, {
        data: { reason: 'misleading', details: 'The answer about visas looks wrong to me.' },
      }),
    );

    for (const applicant of [
      {
        email: 'thu.applicant@example.com',
        password: 'shots-applicant-password-2',
        displayName: 'Thu Nguyen',
      },
      declined,
    ]) {
      const context = await request.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
      const headline = 'Happy to help with study, work and renting';
      await ok(
        'signup',
        context.post('/api/auth/signup', { data: { ...applicant, role: 'mentor', headline } }),
      );
      await context.dispose();
    }
    const { users } = await ok<{ users: { id: string; email: string }[] }>(
      'applicants',
      admin.get('/api/admin/users?filter=mentors-to-verify'),
    );
    const bao = users.find((u) => u.email === declined.email)!;
    await ok(
      'decline',
      admin.post(`/api/admin/users/${bao.id}/decline`, {
        data: { reason: 'Please add a few lines about your experience helping students, then apply again.' },
      }),
    );
    const { services } = await ok<{ services: { id: string }[] }>(
      'status',
      admin.get('/api/government/status'),
    );
    await ok(
      'notice',
      admin.put(`/api/admin/government/status/${services[0]!.id}`, {
        data: { note: 'Planned maintenance on Saturday from 8 pm to 11 pm (AEST).' },
      }),
    );
  } finally {
    await Promise.all([student.dispose(), mentor.dispose(), admin.dispose()]);
  }
}

/** Signs the page in (the app keeps the user in localStorage, so it is written there as the app would). */
async function signIn(page: Page, how: { role: 'admin' } | { email: string; password: string }) {
  const answer =
    'role' in how
      ? await page.request.post('/api/auth/demo', { data: how })
      : await page.request.post('/api/auth/signin', { data: how });
  const { user } = (await answer.json()) as { user: unknown };
  await page.goto('/faq');
  await page.evaluate((u) => localStorage.setItem('mentorme.user', JSON.stringify(u)), user);
}

export async function adminTabs(page: Page, suffix: string, shot: Shot) {
  await signIn(page, { role: 'admin' });
  for (const tab of ADMIN_TABS) {
    await page.goto(`/admin?tab=${tab}`);
    await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, `admin-${tab}-${suffix}`, true);
  }
  await page.goto('/admin?tab=questions');
  await page.getByRole('tabpanel').getByRole('table').waitFor();
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: /^(Delete|Xóa) “/ })
    .first()
    .click();
  await page.getByRole('dialog').waitFor();
  await shot(page, `admin-confirm-${suffix}`);
}

export async function declinedNotice(page: Page, suffix: string, shot: Shot) {
  await signIn(page, { email: declined.email, password: declined.password });
  await page.goto('/');
  await page.getByRole('button', { name: /^(Got it|Tôi đã hiểu)$/i }).waitFor();
  await page.waitForLoadState('networkidle');
  await shot(page, `declined-notice-${suffix}`);
}

/** The demo mentor, told of the conversation the student just started: the bell, /notifications and the settings. */
export async function mentorNotifications(page: Page, suffix: string, shot: Shot) {
  await page.request.post('/api/auth/demo', { data: { role: 'mentor' } });
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: unknown };
  await page.goto('/faq');
  await page.evaluate((user) => localStorage.setItem('mentorme.user', JSON.stringify(user)), me.user);
  await page.goto('/notifications');
  await page.getByRole('main').getByRole('link').first().waitFor();
  await page.waitForLoadState('networkidle');
  await shot(page, `notifications-${suffix}`, true);
  await page.goto('/profile#notifications');
  await page.locator('#notifications').waitFor();
  await page.waitForLoadState('networkidle');
  await shot(page, `profile-notifications-${suffix}`, true);
}
