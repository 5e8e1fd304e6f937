/** The client's routes. The server answers any other page path with the app and a 404 status. */
export const PAGE_PATHS = [
  '/',
  '/latest',
  '/resources',
  '/chat',
  '/chloe',
  '/faq',
  '/about',
  '/founders',
  '/government',
  '/login',
  '/signup',
  '/profile',
  '/admin',
  '/privacy',
  '/terms',
  '/guidelines',
] as const;

/** Pages with a parameter: a question's page. */
const PAGE_PATTERNS = [/^\/questions\/[0-9a-f-]{36}$/i];

export function isPagePath(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    (PAGE_PATHS as readonly string[]).includes(normalised) || PAGE_PATTERNS.some((p) => p.test(normalised))
  );
}
