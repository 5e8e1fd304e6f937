import type { FastifyInstance } from 'fastify';
import { LOCALES } from '../shared/languages';

/** The public pages a search engine may list: the information pages, the feeds and the help finders. */
const LISTED_PAGES = [
  '/',
  '/latest',
  '/resources',
  '/government',
  '/mentors',
  '/chloe',
  '/faq',
  '/about',
  '/founders',
  '/privacy',
  '/terms',
  '/guidelines',
];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/**
 * `GET /sitemap.xml`: each public page once, with its address in every language of the list (`?lang=`, which the
 * first HTML follows, pages.ts) as its alternates, and the address without one as the default (the reader's own).
 */
export function sitemap(base: string): string {
  const href = (path: string, lang?: string) => escapeXml(`${base}${path}${lang ? `?lang=${lang}` : ''}`);
  const urls = LISTED_PAGES.map((path) =>
    [
      `<url><loc>${href(path)}</loc>`,
      ...LOCALES.map((code) => `<xhtml:link rel="alternate" hreflang="${code}" href="${href(path, code)}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${href(path)}"/>`,
      '</url>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export async function sitemapRoute(app: FastifyInstance, opts: { linkBase: string }): Promise<void> {
  const body = sitemap(opts.linkBase);
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body),
  );
}
