/** The client's routes. The server answers any other page path with the app and a 404 status. */
export const PAGE_PATHS = [
  '/',
  '/latest',
  '/resources',
  '/chat',
  '/mentors',
  '/mentor',
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

/** The attribute of the element around a frame in the first HTML that says when it was drawn, in milliseconds. */
export const FRAME_DRAWN_AT = 'data-drawn-at';
