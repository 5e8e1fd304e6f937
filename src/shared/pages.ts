import type { Locale } from './constants';
import type { MessageKey } from './i18n';
import type { PageRoute } from './routes';
import type { User } from './schemas/auth';

/**
 * A page: its screen, as its source file under src/client (the key of its chunk in Vite's manifest); the title and
 * description its first HTML carries in the reader's language, for search engines and the tab before the code has
 * run (public pages; the others keep the app's own); and its frame, the server's render of its first screen.
 */
type Page = {
  screen: string;
  texts?: readonly [MessageKey, MessageKey];
  /**
   * Who gets the page's frame: everyone (a visitor's drawn once at start, a member's per request), visitors only
   * (sign-in and sign-up send a member on), members only (the member's own pages), or everyone for each address with
   * its data (a question's page: a visitor's kept as briefly as the feeds' pages, and none while its data cannot be
   * had).
   */
  frame?: 'everyone' | 'visitors' | 'members' | 'address';
  /**
   * Whose frame carries the page's first data: everyone's (a visitor's drawn again as the feeds' cache is), or
   * members' only, as that member sees it. The renderer fills it (src/client/frame.tsx).
   */
  data?: 'everyone' | 'members';
};

/**
 * Every page, once: the server reads it for the first HTML (src/server/lib/index-page.ts, src/server/pages.ts), the
 * frames' renderer for what it draws (src/client/frame.tsx). Not part of the app's own code, which needs the paths
 * only (routes.ts).
 */
export const PAGES = {
  '/': {
    screen: 'features/questions/feed-page.tsx',
    texts: ['frames.feedTitle', 'frames.feedText'],
    frame: 'everyone',
    data: 'everyone',
  },
  '/latest': {
    screen: 'features/questions/feed-page.tsx',
    texts: ['frames.feedLatestTitle', 'frames.feedText'],
    frame: 'everyone',
    data: 'everyone',
  },
  '/questions/:id': { screen: 'features/questions/question-page.tsx', frame: 'address', data: 'everyone' },
  '/resources': {
    screen: 'features/resources/resources-page.tsx',
    texts: ['frames.resourcesTitle', 'frames.resourcesText'],
    frame: 'everyone',
  },
  '/resources/:id': { screen: 'features/resources/organisation-page.tsx' },
  '/chat': {
    screen: 'features/chat/chat-page.tsx',
    texts: ['frames.chatTitle', 'frames.chatText'],
    frame: 'members',
    data: 'members',
  },
  '/mentors': { screen: 'features/mentors/mentors-page.tsx', texts: ['mentors.title', 'mentors.intro'] },
  '/mentors/:id': { screen: 'features/mentors/mentor-page.tsx' },
  '/mentor': { screen: 'features/mentoring/waiting-page.tsx' },
  '/chloe': {
    screen: 'features/chloe/chloe-page.tsx',
    texts: ['frames.chloeTitle', 'frames.chloeText'],
    frame: 'everyone',
  },
  '/government': {
    screen: 'features/government/government-page.tsx',
    texts: ['frames.governmentTitle', 'frames.governmentText'],
    frame: 'everyone',
  },
  '/faq': { screen: 'features/faq/faq-page.tsx', texts: ['faq.title', 'faq.subtitle'], frame: 'everyone' },
  '/about': {
    screen: 'features/about/about-page.tsx',
    texts: ['about.title', 'about.subtitle'],
    frame: 'everyone',
  },
  '/founders': {
    screen: 'features/founders/founders-page.tsx',
    texts: ['founders.title', 'founders.intro'],
    frame: 'everyone',
  },
  '/privacy': { screen: 'features/legal/legal-page.tsx', frame: 'everyone' },
  '/terms': { screen: 'features/legal/legal-page.tsx', frame: 'everyone' },
  '/guidelines': { screen: 'features/legal/legal-page.tsx', frame: 'everyone' },
  '/login': {
    screen: 'features/auth/login-page.tsx',
    texts: ['auth.loginTitle', 'auth.loginSubtitle'],
    frame: 'visitors',
  },
  '/signup': {
    screen: 'features/auth/signup-page.tsx',
    texts: ['auth.signupTitle', 'auth.signupSubtitle'],
    frame: 'visitors',
  },
  '/check-email': { screen: 'features/auth/check-email-page.tsx' },
  '/forgot-password': { screen: 'features/auth/forgot-password-page.tsx' },
  '/reset-password': { screen: 'features/auth/reset-password-page.tsx' },
  '/verify-email': { screen: 'features/auth/verify-email-page.tsx' },
  '/cancel-email-change': { screen: 'features/auth/cancel-email-change-page.tsx' },
  '/profile': { screen: 'features/profile/profile-page.tsx', frame: 'members', data: 'members' },
  '/notifications': {
    screen: 'features/notifications/notifications-page.tsx',
    frame: 'members',
    data: 'members',
  },
  '/unsubscribe': { screen: 'features/notifications/unsubscribe-page.tsx' },
  '/admin': { screen: 'features/admin/admin-page.tsx' },
} as const satisfies Record<PageRoute, Page>;

/** A page's title and description, when it has its own. */
export const pageTexts = (route: PageRoute): Page['texts'] => (PAGES[route] as Page).texts;

type Pages = typeof PAGES;
/** The pages whose `key` is one of `values`. */
type PagesWhere<K extends keyof Page, V> = {
  [R in keyof Pages]: Pages[R] extends { readonly [P in K]: infer Value }
    ? Value extends V
      ? R
      : never
    : never;
}[keyof Pages];

function pagesWhere<K extends 'frame' | 'data', V extends NonNullable<Page[K]>>(
  key: K,
  values: readonly V[],
) {
  return (Object.keys(PAGES) as PageRoute[]).filter((route) =>
    (values as readonly unknown[]).includes((PAGES[route] as Page)[key]),
  ) as PagesWhere<K, V>[];
}

/**
 * The pages whose first HTML carries the page's frame for a visitor: the public pages whose first screen is the same
 * for every visitor.
 */
export const FRAMED_PAGES = pagesWhere('frame', ['everyone', 'visitors']);
export type FramedPage = PagesWhere<'frame', 'everyone' | 'visitors'>;

/** Every page that has a frame, for someone. */
export type PageWithFrame = PagesWhere<'frame', NonNullable<Page['frame']>>;

/** The pages whose frame is drawn for each address, with its data (a visitor's kept by address). */
export const ADDRESS_FRAMES: readonly PageRoute[] = pagesWhere('frame', ['address']);

/** The pages whose first HTML carries a frame drawn for the signed-in member who asks, per request. */
export const MEMBER_FRAMED_PAGES: readonly PageRoute[] = pagesWhere('frame', [
  'everyone',
  'members',
  'address',
]);

/** The pages whose frame carries their first data for a visitor. */
export const DATA_FRAMES = pagesWhere('data', ['everyone']);

/** The pages whose frame carries their first data for a member, as that member sees it. */
export const MEMBER_DATA_FRAMES = pagesWhere('data', ['everyone', 'members']);
export type DataPage = PagesWhere<'data', 'everyone' | 'members'>;

/**
 * Answers a GET of the API in a language, as the visitor or the member the frame is for: how the server gives a page
 * frame its first data.
 */
export type LoadData = (path: string, locale: Locale) => Promise<unknown>;

/**
 * A page's frame, and the moment it was drawn at (its times count from it: "3 minutes ago", the year); with its data,
 * the page's own title and description when they come from the data (a question's).
 */
export type Frame = { html: string; drawnAt: number; title?: string; description?: string };

/** A frame with its page's first data, that data as `[queryKey, data]` pairs in JSON. */
export type DataFrame = Frame & { data: string };

/** What the page frames' renderer (src/client/frame.tsx, built to dist/frame/frame.js) gives the server. */
export type FrameRenderer = {
  /** `user`: the signed-in member the frame is drawn for; a visitor's without. */
  renderFrame: (pathname: string, locale: Locale, user?: User) => Promise<Frame>;
  renderDataFrame: (pathname: string, locale: Locale, load: LoadData, user?: User) => Promise<DataFrame>;
  /** The registry's lists, as the renderer was built with them. */
  DATA_FRAMES: readonly PageRoute[];
  MEMBER_DATA_FRAMES: readonly PageRoute[];
};
