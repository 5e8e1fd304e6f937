import { describe, expect, it } from 'vitest';
import { FRAMED_PAGES, MEMBER_FRAMED_PAGES } from '../shared/pages';
import type { User } from '../shared/schemas/auth';
import { NOTIFICATION_TYPES } from '../shared/limits';
import type { NotificationPreferences, NotificationsPage } from '../shared/schemas/notifications';
import type { CategoriesResponse, QuestionList } from '../shared/schemas/questions';
import { renderDataFrame, renderFrame } from './frame';
import { sampleConversation } from './test/chat-fixtures';
import { sampleQuestion } from './test/helpers';

const h1 = (html: string) => html.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1];

const member: User = {
  id: '6f1c2d3e-4b5a-4c6d-8e7f-901234567890',
  email: 'lan@example.com',
  displayName: 'Lan Nguyen',
  role: 'student',
  locale: 'vi',
  createdAt: '2026-01-01T00:00:00.000Z',
  isDemo: false,
  mentorVerified: false,
  emailVerified: true,
  mentorDeclinedReason: null,
};

describe('the page frames', () => {
  it.each(FRAMED_PAGES)(
    '%s renders in Node, in both languages, with its header, screen and footer',
    async (page) => {
      for (const locale of ['en', 'vi'] as const) {
        const { html } = await renderFrame(page, locale);
        expect(html).toContain('<header id="site-header"');
        expect(html).toContain('<footer');
        // The Content Security Policy would block a style attribute.
        expect(html).not.toContain(' style=');
        // The screen itself, not the skeleton shown while its code loads.
        expect(h1(html), `${page} ${locale}`).toBeTruthy();
      }
    },
  );

  it.each(MEMBER_FRAMED_PAGES.map((route) => route.replace(':id', member.id)))(
    '%s renders for a signed-in member, in both languages, with the member’s header',
    async (page) => {
      for (const locale of ['en', 'vi'] as const) {
        const { html } = await renderFrame(page, locale, member);
        expect(html).toContain('<header id="site-header"');
        expect(html).not.toContain(' style=');
        // The member's header keeps a place for their menu, and offers no sign-in.
        expect(html).not.toContain('href="/login"');
        // The screen itself, not the skeleton shown while its code loads: a question's page waits for its question.
        expect(html).not.toContain('Switched to client rendering');
        if (!page.startsWith('/questions/')) expect(h1(html), `${page} ${locale}`).toBeTruthy();
      }
    },
  );

  it('speaks the language asked for, and marks where the reader is', async () => {
    expect(h1((await renderFrame('/faq', 'en')).html)).toBe('Frequently Asked Questions');
    const vi = await renderFrame('/faq', 'vi');
    expect(h1(vi.html)).toBe('Câu hỏi thường gặp');
    expect(vi.html).toContain('Đăng nhập');
    expect((await renderFrame('/latest', 'en')).html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/latest"/,
    );
  });

  it('is the same whichever pages were rendered before it: nothing loaded later finds its way in', async () => {
    const first = await renderFrame('/', 'en');
    for (const page of FRAMED_PAGES) await renderFrame(page, 'vi');
    expect((await renderFrame('/', 'en')).html).toBe(first.html);
    expect(first.html).not.toContain('Open chat options');
  });

  it('shows the newest questions and the topics in /latest’s frame, and gives them for the app’s first render', async () => {
    const asked: string[] = [];
    const categories: CategoriesResponse = {
      categories: [{ slug: 'work', name: 'Work', description: 'Jobs', colour: 'blue', count: 3 }],
      total: 7,
    };
    const feed: QuestionList = {
      questions: [{ ...sampleQuestion, title: 'Is a <casual> job enough for rent?' }],
      urgent: [],
      nextCursor: null,
    };
    const frame = await renderDataFrame('/latest', 'vi', async (path, locale) => {
      asked.push(`${path} ${locale}`);
      return path.startsWith('/api/categories') ? categories : feed;
    });
    expect(asked.sort()).toEqual(['/api/categories?lang=vi vi', '/api/questions?sort=latest&limit=10 vi']);
    expect(frame.html).toContain('Is a &lt;casual&gt; job enough for rent?');
    expect(frame.html).toContain('Work');
    // No skeleton: the cards themselves.
    expect(frame.html).not.toContain('aria-busy="true"');
    const data = JSON.parse(frame.data) as [unknown[], unknown][];
    expect(data).toContainEqual([['categories', 'vi'], categories]);
    expect(data).toContainEqual([
      ['questions', 'feed', { sort: 'latest' }, 'vi', null],
      { pages: [feed], pageParams: [null] },
    ]);
  });

  it('draws frames asked for at the same time each in its own language', async () => {
    const frames = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        renderFrame('/faq', i % 2 ? 'vi' : 'en', i > 2 ? member : undefined),
      ),
    );
    expect(frames.map((frame) => h1(frame.html))).toEqual(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? 'Câu hỏi thường gặp' : 'Frequently Asked Questions')),
    );
  });

  it('gives /latest’s first data to a member under their own key', async () => {
    const feed: QuestionList = {
      questions: [{ ...sampleQuestion, liked: true }],
      urgent: [],
      nextCursor: null,
    };
    const frame = await renderDataFrame(
      '/latest',
      'en',
      async (path) => (path.startsWith('/api/categories') ? { categories: [], total: 0 } : feed),
      member,
    );
    const data = JSON.parse(frame.data) as [unknown[], unknown][];
    expect(data).toContainEqual([
      ['questions', 'feed', { sort: 'latest' }, 'en', member.id],
      { pages: [feed], pageParams: [null] },
    ]);
  });

  it('draws a member’s notifications and a question’s page with their data, under the member’s keys', async () => {
    const asked: string[] = [];
    const question = { ...sampleQuestion, id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', replies: [] };
    const notifications: NotificationsPage = {
      notifications: [
        {
          id: 'n1',
          type: 'reply_to_my_question',
          createdAt: '2026-11-20T01:00:00.000Z',
          readAt: null,
          actor: { displayName: 'Minh', role: 'mentor' },
          target: { kind: 'question', id: question.id, title: 'Where do I find a GP?' },
          text: 'Minh replied to your question',
        },
      ],
      nextCursor: null,
      unread: 1,
    };
    const load = async (path: string) => {
      asked.push(path);
      return path === '/api/notifications' ? notifications : question;
    };
    const list = await renderDataFrame('/notifications', 'en', load, member);
    expect(list.html).toContain('Minh replied to your question');
    expect(JSON.parse(list.data)).toContainEqual([
      ['notifications', member.id, 'list', 'en'],
      { pages: [notifications], pageParams: [null] },
    ]);
    const page = await renderDataFrame(`/questions/${question.id}`, 'vi', load, member);
    expect(h1(page.html)).toBe(question.title);
    expect(JSON.parse(page.data)[0][0]).toEqual(['questions', 'detail', question.id, 'vi', member.id]);
    expect(asked).toEqual(['/api/notifications', `/api/questions/${question.id}`]);
    await expect(renderDataFrame('/notifications', 'en', load)).rejects.toThrow();
  });

  it('draws a question’s page for a visitor, titled by the question and described by its first words', async () => {
    const words = 'My student visa\n\nsays   48 hours a fortnight. '.repeat(8);
    const question = { ...sampleQuestion, id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', content: words };
    const page = await renderDataFrame(`/questions/${question.id}`, 'en', async () => question);
    expect(h1(page.html)).toBe(question.title);
    expect(page.title).toBe(question.title);
    expect(page.description!.length).toBeLessThanOrEqual(160);
    expect(page.description).toMatch(/^My student visa says 48 hours a fortnight\. My student visa .* \w+…$/);
    const chinese = await renderDataFrame(`/questions/${question.id}`, 'en', async () => ({
      ...question,
      content: '我的学生签证'.repeat(40),
    }));
    expect(chinese.description).toBe(`${'我的学生签证'.repeat(40).slice(0, 159)}…`);
    expect(JSON.parse(page.data)[0][0]).toEqual(['questions', 'detail', question.id, 'en', null]);
    const short = await renderDataFrame(`/questions/${question.id}`, 'en', async () => ({
      ...question,
      content: ' Where is a GP? ',
    }));
    expect(short.description).toBe('Where is a GP?');
  });

  it('draws a member’s profile and chat with their lists, under the keys the screens read', async () => {
    const preferences: NotificationPreferences = {
      types: Object.fromEntries(
        NOTIFICATION_TYPES.map((type) => [type, { email: true, push: type !== 'chat_message' }]),
      ) as NotificationPreferences['types'],
      emailDigest: false,
      pushShowsTitles: false,
      waitingEmail: false,
    };
    const saved = {
      ...sampleQuestion,
      id: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d',
      title: 'Renting in Hobart',
    };
    const answers: Record<string, unknown> = {
      '/api/me/questions': { questions: [sampleQuestion] },
      '/api/me/bookmarks': { questions: [saved] },
      '/api/notifications/preferences': preferences,
      '/api/conversations': { conversations: [sampleConversation] },
    };
    const asked: string[] = [];
    const load = async (path: string) => {
      asked.push(path);
      if (!(path in answers)) throw new Error(`${path} answered 404`);
      return answers[path];
    };
    const profile = await renderDataFrame('/profile', 'en', load, member);
    expect(profile.html).toContain(sampleQuestion.title);
    expect(profile.html).toContain('Renting in Hobart');
    expect(JSON.parse(profile.data)).toEqual(
      expect.arrayContaining([
        [['questions', 'me', 'mine', 'en'], { questions: [sampleQuestion] }],
        [['questions', 'me', 'saved', 'en'], { questions: [saved] }],
        [['notifications', member.id, 'preferences'], preferences],
      ]),
    );
    const chat = await renderDataFrame('/chat', 'vi', load, member);
    expect(chat.html).toContain(sampleConversation.title);
    expect(JSON.parse(chat.data)).toContainEqual([
      ['chat', 'conversations'],
      { conversations: [sampleConversation] },
    ]);
    // A student's profile asks for no mentor profile; a visitor has no profile to draw.
    expect(asked).not.toContain('/api/me/mentor-profile');
    await expect(renderDataFrame('/profile', 'en', load)).rejects.toThrow();
  });

  it('gives no data frame for a page without data, and fails when the data cannot be had', async () => {
    await expect(renderDataFrame('/faq', 'en', async () => ({}))).rejects.toThrow('/faq has no frame data');
    await expect(
      renderDataFrame('/latest', 'en', async () => {
        throw new Error('/api/questions answered 503');
      }),
    ).rejects.toThrow('503');
  });
});
