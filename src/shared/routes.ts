import type { Locale } from './constants';
import type { User } from './schemas/auth';

/** The client's routes. The server answers any other page path with the app and a 404 status. */
export const PAGE_PATHS = [
  '/',
  '/latest',
  '/resources',
  '/chat',
  '/mentors',
  '/chloe',
  '/faq',
  '/about',
  '/founders',
  '/government',
  '/login',
  '/signup',
  '/check-email',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/cancel-email-change',
  '/profile',
  '/notifications',
  '/unsubscribe',
  '/admin',
  '/privacy',
  '/terms',
  '/guidelines',
] as const;
export type PagePath = (typeof PAGE_PATHS)[number];

/** A page as the router names it: its path, or its pattern for a page with a parameter (a question's, a mentor's). */
export type PageRoute = PagePath | '/questions/:id' | '/mentors/:id' | '/resources/:id';

export function pageRoute(pathname: string): PageRoute | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if ((PAGE_PATHS as readonly string[]).includes(normalised)) return normalised as PagePath;
  if (/^\/questions\/[0-9a-f-]{36}$/i.test(normalised)) return '/questions/:id';
  if (/^\/mentors\/[0-9a-f-]{36}$/i.test(normalised)) return '/mentors/:id';
  if (/^\/resources\/[a-z0-9]+(-[a-z0-9]+)*$/.test(normalised)) return '/resources/:id';
  return undefined;
}

export function isPagePath(pathname: string): boolean {
  return pageRoute(pathname) !== undefined;
}

/**
 * The pages whose first HTML carries the page's frame for a visitor: the public pages whose first screen is the same
 * for every visitor (a question's page depends on the question; the signed-in pages on the person).
 */
export const FRAMED_PAGES = [
  '/',
  '/latest',
  '/resources',
  '/chloe',
  '/government',
  '/faq',
  '/about',
  '/founders',
  '/privacy',
  '/terms',
  '/guidelines',
  '/login',
  '/signup',
] as const satisfies readonly PageRoute[];
export type FramedPage = (typeof FRAMED_PAGES)[number];

/** The pages only a member gets a frame for: a question's page (a visitor's depends on the question), their own. */
export const MEMBER_PAGES = [
  '/questions/:id',
  '/profile',
  '/chat',
  '/notifications',
] as const satisfies readonly PageRoute[];
export type MemberPage = (typeof MEMBER_PAGES)[number];

/**
 * The pages whose first HTML carries a frame drawn for the signed-in member who asks, per request: the framed pages a
 * member sees as they are (sign-in and sign-up send a member on), and the member's pages.
 */
export const MEMBER_FRAMED_PAGES: readonly PageRoute[] = [
  ...FRAMED_PAGES.filter((route) => route !== '/login' && route !== '/signup'),
  ...MEMBER_PAGES,
];

/**
 * Answers a GET of the API in a language, as the visitor or the member the frame is for: how the server gives a page
 * frame its first data.
 */
export type LoadData = (path: string, locale: Locale) => Promise<unknown>;

/** A page's frame, and the moment it was drawn at (its times count from it: "3 minutes ago", the year). */
export type Frame = { html: string; drawnAt: number };

/** The attribute of the element around a frame in the first HTML that says when it was drawn, in milliseconds. */
export const FRAME_DRAWN_AT = 'data-drawn-at';

/** A frame with its page's first data, that data as `[queryKey, data]` pairs in JSON. */
export type DataFrame = Frame & { data: string };

/** What the page frames' renderer (src/client/frame.tsx, built to dist/frame/frame.js) gives the server. */
export type FrameRenderer = {
  /** `user`: the signed-in member the frame is drawn for; a visitor's without. */
  renderFrame: (pathname: string, locale: Locale, user?: User) => Promise<Frame>;
  renderDataFrame: (pathname: string, locale: Locale, load: LoadData, user?: User) => Promise<DataFrame>;
  DATA_FRAMES: readonly FramedPage[];
  MEMBER_DATA_FRAMES: readonly PageRoute[];
};
