import { expect, request, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  clientAddress,
  confirmEmail,
  newUser,
  ORIGIN,
  signInFast,
  useLanguage,
  type PublicUser,
  type TestUser,
} from './fixtures';

/** Helpers of the admin dashboard's browser tests: the texts they look for and the data they make first. */

export type Locale = 'en' | 'vi';
export const WIDTHS = { wide: 1280, phone: 360 } as const;

export const TABS = [
  'questions',
  'users',
  'reports',
  'mentors',
  'audit',
  'notices',
  'directory',
  'jobs',
  'chloe-feedback',
  'chloe-misses',
  'emails',
] as const;

/** The dashboard's texts (admin.en.ts and admin.vi.ts), written out so a changed text fails here. */
export const TEXT = {
  en: {
    tablist: 'Dashboard sections',
    tabs: {
      questions: 'Questions',
      users: 'Users',
      reports: 'Reports',
      mentors: 'Mentors to verify',
      audit: 'Audit log',
      notices: 'Notices',
      directory: 'Directory',
      jobs: 'Chloe jobs',
      'chloe-feedback': 'Chloe feedback',
      'chloe-misses': 'Chloe’s misses',
      emails: 'Emails',
    },
    headings: {
      questions: 'Question Management',
      users: 'User Management',
      reports: 'Reports',
      mentors: 'Mentors to verify',
      audit: 'Audit log',
      notices: 'Notices',
      directory: 'Directory',
      jobs: 'Chloe jobs',
      'chloe-feedback': 'Chloe feedback',
      'chloe-misses': 'Chloe’s misses',
      emails: 'Emails',
    },
    searchQuestions: 'Search questions',
    searchUsers: 'Search by name or email',
    search: 'Search',
    showing: (shown: number, total: number) => `Showing ${shown} of ${total}`,
    loadMore: 'Load More',
    deleteLabel: (title: string) => `Delete “${title}”`,
    deleteConfirm: 'Are you sure you want to delete this question?',
    delete: 'Delete',
    questionDeleted: 'Question deleted',
    noQuestions: 'No questions match.',
    questionGone: 'This question does not exist or was deleted.',
    makeMentorLabel: (name: string) => `Make mentor: ${name}`,
    makeMentor: 'Make mentor',
    changeToMentor: 'Change user role to mentor?',
    roleUpdated: 'User role updated',
    mentorRole: 'Mentor',
    verifiedMentor: 'Verified',
    verifyLabel: (name: string) => `Verify ${name}`,
    mentorFacts: ['Health & Well-being', 'Vietnamese, English', 'Parramatta, New South Wales'],
    expertise: 'Expertise',
    mentorVerified: 'Mentor verified',
    declineLabel: (name: string) => `Decline ${name}`,
    declineTitle: (name: string) => `Decline ${name} as a mentor?`,
    declineReason: 'Reason',
    decline: 'Decline',
    mentorDeclined: 'Mentor declined',
    noticeTitle: 'About your mentor application',
    gotIt: 'Got it',
    status: 'Status',
    dismissButton: /^Dismiss/,
    removeButton: /^Remove/,
    dismissConfirm: 'Dismiss this report?',
    dismiss: 'Dismiss',
    reportDismissed: 'Report dismissed',
    removeConfirm: 'Remove this content?',
    remove: 'Remove',
    contentRemoved: 'Content removed',
    removedBadge: 'Removed',
    chatContext: 'The reported message and the two before it',
    reportedLine: 'Reported',
    exportNewsletter: 'Export Newsletter',
    newsletterExported: 'Newsletter exported',
    optionalReason: 'Reason (optional)',
    cancel: 'Cancel',
    close: 'Close',
    audit: {
      questionDelete: 'Deleted a question',
      userRole: 'Changed a role',
      mentorVerify: 'Verified a mentor',
      mentorDecline: 'Declined a mentor',
      reportDismiss: 'Dismissed a report',
      reportRemove: 'Removed reported content',
      newsletterExport: 'Exported the newsletter',
    },
  },
  vi: {
    tablist: 'Các mục của bảng quản trị',
    tabs: {
      questions: 'Câu hỏi',
      users: 'Người dùng',
      reports: 'Báo cáo',
      mentors: 'Chờ xác minh',
      audit: 'Nhật ký quản trị',
      notices: 'Thông báo',
      directory: 'Danh bạ',
      jobs: 'Tác vụ Chloe',
      'chloe-feedback': 'Góp ý về Chloe',
      'chloe-misses': 'Câu hỏi Chloe chưa trả lời được',
      emails: 'Email',
    },
    headings: {
      questions: 'Quản lý câu hỏi',
      users: 'Quản lý người dùng',
      reports: 'Báo cáo',
      mentors: 'Chờ xác minh',
      audit: 'Nhật ký quản trị',
      notices: 'Thông báo',
      directory: 'Danh bạ',
      jobs: 'Tác vụ Chloe',
      'chloe-feedback': 'Góp ý về Chloe',
      'chloe-misses': 'Câu hỏi Chloe chưa trả lời được',
      emails: 'Email',
    },
    searchQuestions: 'Tìm câu hỏi',
    searchUsers: 'Tìm theo tên hoặc email',
    search: 'Tìm',
    showing: (shown: number, total: number) => `Đang hiển thị ${shown} trên ${total}`,
    loadMore: 'Tải thêm',
    deleteLabel: (title: string) => `Xóa “${title}”`,
    deleteConfirm: 'Bạn có chắc muốn xóa câu hỏi này không?',
    delete: 'Xóa',
    questionDeleted: 'Đã xóa câu hỏi',
    noQuestions: 'Không có câu hỏi nào phù hợp.',
    questionGone: 'Câu hỏi này không tồn tại hoặc đã bị xóa.',
    makeMentorLabel: (name: string) => `Chuyển thành người hướng dẫn: ${name}`,
    makeMentor: 'Chuyển thành người hướng dẫn',
    changeToMentor: 'Đổi vai trò người dùng thành người hướng dẫn?',
    roleUpdated: 'Đã cập nhật vai trò người dùng',
    mentorRole: 'Người hướng dẫn',
    verifiedMentor: 'Đã xác minh',
    verifyLabel: (name: string) => `Xác minh ${name}`,
    mentorFacts: ['Sức khỏe và tinh thần', 'Tiếng Việt, Tiếng Anh', 'Parramatta, New South Wales'],
    expertise: 'Chuyên môn',
    mentorVerified: 'Đã xác minh người hướng dẫn',
    declineLabel: (name: string) => `Từ chối ${name}`,
    declineTitle: (name: string) => `Từ chối ${name} làm người hướng dẫn?`,
    declineReason: 'Lý do',
    decline: 'Từ chối',
    mentorDeclined: 'Đã từ chối người hướng dẫn',
    noticeTitle: 'Về đơn đăng ký làm người hướng dẫn của bạn',
    gotIt: 'Tôi đã hiểu',
    status: 'Trạng thái',
    dismissButton: /^Bỏ qua/,
    removeButton: /^Gỡ bỏ/,
    dismissConfirm: 'Bỏ qua báo cáo này?',
    dismiss: 'Bỏ qua',
    reportDismissed: 'Đã bỏ qua báo cáo',
    removeConfirm: 'Gỡ bỏ nội dung này?',
    remove: 'Gỡ bỏ',
    contentRemoved: 'Đã gỡ bỏ nội dung',
    removedBadge: 'Đã gỡ bỏ',
    chatContext: 'Tin nhắn bị báo cáo và hai tin nhắn trước đó',
    reportedLine: 'Bị báo cáo',
    exportNewsletter: 'Xuất bản tin',
    newsletterExported: 'Đã xuất bản tin',
    optionalReason: 'Lý do (không bắt buộc)',
    cancel: 'Hủy',
    close: 'Đóng',
    audit: {
      questionDelete: 'Đã xóa một câu hỏi',
      userRole: 'Đã đổi vai trò',
      mentorVerify: 'Đã xác minh người hướng dẫn',
      mentorDecline: 'Đã từ chối người hướng dẫn',
      reportDismiss: 'Đã bỏ qua báo cáo',
      reportRemove: 'Đã gỡ bỏ nội dung bị báo cáo',
      newsletterExport: 'Đã xuất bản tin',
    },
  },
} as const;

/** A unique text for titles and messages, so a test finds its own data in the shared database. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

const clients: APIRequestContext[] = [];

/** An API client of its own (its own cookies), for a person other than the one in the browser. */
export async function apiClient(): Promise<APIRequestContext> {
  const client = await request.newContext({
    baseURL: ORIGIN,
    extraHTTPHeaders: { origin: ORIGIN, 'x-forwarded-for': clientAddress() },
  });
  clients.push(client);
  return client;
}

/** Lets go of the test's API clients (each spec's afterEach). */
export async function disposeClients() {
  await Promise.all(clients.splice(0).map((client) => client.dispose()));
}

/** Signs a person up through the API; a mentor says what they can help with, as the sign-up form asks. */
export async function signUp(
  api: APIRequestContext,
  user: TestUser,
  profile: { headline?: string; story?: string } = {},
): Promise<PublicUser> {
  const response = await api.post('/api/auth/signup', { data: { ...user, ...profile } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { user: PublicUser }).user;
}

/** A new person signed up on a client of their own. */
export async function person(
  role: 'student' | 'mentor' = 'student',
  profile: { headline?: string; story?: string } = {},
) {
  const api = await apiClient();
  const user = newUser(role);
  const { id } = await signUp(api, user, profile);
  // An admin verifies only mentors whose address is confirmed.
  if (role === 'mentor') await confirmEmail(api, user.email);
  return { api, user, id };
}

export async function demoSignIn(api: APIRequestContext, role: 'mentor' | 'student'): Promise<PublicUser> {
  const response = await api.post('/api/auth/demo', { data: { role } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { user: PublicUser }).user;
}

async function created<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

export async function postQuestion(api: APIRequestContext, title: string): Promise<string> {
  const body = { title, content: `Details of ${title}. Where should I start?` };
  return (await created<{ id: string }>(await api.post('/api/questions', { data: body }))).id;
}

export async function postReply(api: APIRequestContext, questionId: string, content: string) {
  const question = await created<{ replies: { id: string; content: string }[] }>(
    await api.post(`/api/questions/${questionId}/replies`, { data: { content } }),
  );
  return question.replies.find((reply) => reply.content === content)!.id;
}

/** Reports a question (`questions`) or a reply (`replies`). */
export async function report(
  api: APIRequestContext,
  kind: 'questions' | 'replies',
  id: string,
  details: string,
) {
  await created(await api.post(`/api/${kind}/${id}/report`, { data: { reason: 'abuse', details } }));
}

export async function startChat(api: APIRequestContext, mentorId: string, title: string): Promise<string> {
  const body = { participantId: mentorId, title };
  return (await created<{ id: string }>(await api.post('/api/conversations', { data: body }))).id;
}

export async function sendMessage(api: APIRequestContext, chat: string, content: string): Promise<string> {
  return (
    await created<{ id: string }>(
      await api.post(`/api/conversations/${chat}/messages`, { data: { content } }),
    )
  ).id;
}

export async function reportMessage(api: APIRequestContext, chat: string, messageId: string) {
  const body = { reason: 'abuse', details: 'Rude message', messageId };
  await created(await api.post(`/api/conversations/${chat}/report`, { data: body }));
}

/** The admin's browser: the demo admin signed in, in this language and at this width, on /admin. */
export async function openAdmin(page: Page, locale: Locale, width: number, path = '/admin') {
  await useLanguage(page, locale);
  await page.setViewportSize({ width, height: width > 400 ? 900 : 740 });
  await signInFast(page, { role: 'admin' }, path);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.getByRole('tablist', { name: TEXT[locale].tablist })).toBeVisible();
}

/** Opens a tab of the dashboard and waits for its heading. */
export async function openTab(page: Page, locale: Locale, tab: (typeof TABS)[number]) {
  await page.getByRole('tab', { name: TEXT[locale].tabs[tab], exact: true }).click();
  await expect(page.getByRole('tab', { name: TEXT[locale].tabs[tab], exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    page.getByRole('heading', { level: 2, name: TEXT[locale].headings[tab], exact: true }),
  ).toBeVisible();
}

/** Searches the open list (Questions or Users). */
export async function search(page: Page, label: string, text: string, locale: Locale) {
  const form = page.getByRole('search');
  await form.getByRole('searchbox', { name: label }).fill(text);
  await form.getByRole('button', { name: TEXT[locale].search }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

/** The rows of the open list that mention this text; a table row on a wide screen, a card on a phone. */
export function rowWith(page: Page, text: string) {
  return page.getByRole('tabpanel').getByRole('row').filter({ hasText: text });
}

/** A second browser for another person (their own cookies and storage). */
export async function otherBrowser(browser: Browser, locale: Locale) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useLanguage(page, locale);
  return { context, page };
}
