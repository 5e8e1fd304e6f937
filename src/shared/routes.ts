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

export function isPagePath(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (PAGE_PATHS as readonly string[]).includes(normalised);
}
