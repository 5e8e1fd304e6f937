import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE_AGE_S, STORAGE_KEYS, type Locale } from '../shared/constants';
import { isLocale, localeFromAcceptLanguage } from '../shared/i18n';
import { ADDRESS_FRAMES, MEMBER_FRAMED_PAGES, type LoadData } from '../shared/pages';
import { isPagePath, pageRoute } from '../shared/routes';
import type { Config } from './config';
import type { Database } from './db/client';
import { errors } from './errors';
import {
  loadFrameRenderer,
  loadIndexPages,
  renderFrames,
  type PageBytes,
  type Stylesheet,
} from './lib/index-page';
import { toPublicUser } from './modules/auth';
import { perDatabaseCache } from './lib/ttl-cache';
import { cookieName, requestPath } from './plugins/auth';
import { languageAsked } from './plugins/errors';

/** The pages that emailed links open, with a token in their address. */
const LINK_PAGES = new Set<string | undefined>([
  '/reset-password',
  '/verify-email',
  '/cancel-email-change',
  '/unsubscribe',
]);

/**
 * The reader's language: the one the address names (`?lang=vi`, as every link in an email does: the page opens in
 * the email's language), else the cookie the app sets when it starts or switches, else the browser's languages.
 */
function pageLocale(request: FastifyRequest): Locale {
  const chosen = request.cookies[STORAGE_KEYS.language];
  return (
    languageAsked(request) ??
    (isLocale(chosen) ? chosen : localeFromAcceptLanguage(request.headers['accept-language']))
  );
}

/**
 * Visitors' pages whose frame carries data, by `route|locale`: as fresh as the visitors' feeds (visitor-bodies.ts),
 * kept through likes, which otherwise had every arriving visitor's page drawn and compressed again (decision 055).
 * A page drawn for its address (a question's) is kept by `pathname|locale`, apart: the many questions one reader
 * goes through do not push out the feeds everyone opens.
 */
const dataFramePages = perDatabaseCache<PageBytes>(5_000, 20, { keptOnLikes: true });
const addressFramePages = perDatabaseCache<PageBytes>(5_000, 100, { keptOnLikes: true });

/** The data a frame was to show is not there. */
class MissingData extends Error {}

/** Whether an address asks for more than its page in a language: a query with anything but `lang`. */
function asksMore(url: string): boolean {
  const query = url.indexOf('?');
  return query >= 0 && [...new URLSearchParams(url.slice(query + 1)).keys()].some((key) => key !== 'lang');
}

/**
 * The app's pages, every GET the API and the built files do not answer: the single-page app in the reader's
 * language, with its frame for a visitor (index-page.ts) or drawn for the signed-in member who asks. Without a built
 * client (`clientDir` null), every such request is a 404.
 */
export async function servePages(
  app: FastifyInstance,
  opts: { config: Config; db: Database; clientDir: string | null; stylesheet: Stylesheet | null },
): Promise<void> {
  const { config, db, clientDir, stylesheet } = opts;
  const frameRenderer = clientDir ? await loadFrameRenderer(clientDir) : null;
  const indexPage = clientDir
    ? loadIndexPages(
        clientDir,
        await renderFrames(frameRenderer, (message) => app.log.warn(message)),
        stylesheet,
        config.linkBase,
      )
    : null;
  // A visitor's page whose frame shows its first data (the trending or newest questions): the server asks itself for
  // that data as a visitor would, and keeps the page as long as the feeds' own cache (cleared by any question write,
  // everywhere). It asks as the visitor whose request found no page, as far as the rate limits know: their app would
  // have asked.
  const loadAs =
    (remoteAddress: string, cookie?: string): LoadData =>
    async (url, locale) => {
      const headers = { 'accept-language': locale, ...(cookie && { cookie }) };
      const response = await app.inject({ method: 'GET', url, remoteAddress, headers });
      // Not there for anyone: a question deleted, or an address that names none.
      if (response.statusCode === 404 || response.statusCode === 400)
        throw new MissingData(`${url} is not there`);
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
      return response.json();
    };
  const dataFramePage = async (
    pathname: string,
    locale: Locale,
    ip: string,
  ): Promise<PageBytes | undefined> => {
    const route = pageRoute(pathname);
    if (!frameRenderer || !indexPage || !route || !frameRenderer.DATA_FRAMES.includes(route))
      return undefined;
    const byAddress = ADDRESS_FRAMES.includes(route);
    const drawn = byAddress ? pathname : route;
    try {
      return await (byAddress ? addressFramePages : dataFramePages)(db).get(`${drawn}|${locale}`, async () =>
        indexPage(pathname, locale, true, await frameRenderer.renderDataFrame(drawn, locale, loadAs(ip))),
      );
    } catch (error) {
      // A question that is not there (any more) is the app's to say: its page goes without a frame.
      if (!(byAddress && error instanceof MissingData))
        app.log.warn(`No frame with data for ${drawn} (${locale}): ${(error as Error).message}`);
      return undefined;
    }
  };
  // A signed-in member's page, drawn for them on each request (their header, their marks on the first data): their
  // session was read as for an API request. None when the page has no member frame or its render fails.
  const memberFramePage = async (request: FastifyRequest, locale: Locale): Promise<PageBytes | undefined> => {
    const pathname = requestPath(request);
    const route = pageRoute(pathname);
    if (!frameRenderer || !indexPage || !request.user || !route || !MEMBER_FRAMED_PAGES.includes(route))
      return undefined;
    const user = toPublicUser(request.user);
    const withData = frameRenderer.MEMBER_DATA_FRAMES.includes(route);
    const load = loadAs(request.ip, request.headers.cookie);
    try {
      // Without its data (a question since deleted), the page keeps its frame.
      const frame = (withData &&
        (await frameRenderer.renderDataFrame(pathname, locale, load, user).catch(() => undefined))) || {
        ...(await frameRenderer.renderFrame(pathname, locale, user)),
        data: '',
      };
      return indexPage(pathname, locale, true, frame, user);
    } catch (error) {
      app.log.warn(`No member frame for ${route} (${locale}): ${(error as Error).message}`);
      return undefined;
    }
  };
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = requestPath(request);
    // HEAD is a GET without its body (Node leaves the body out): link checkers and uptime monitors ask it.
    const reads = request.method === 'GET' || request.method === 'HEAD';
    if (pathname.startsWith('/api/') || pathname === '/api' || !clientDir || !reads) {
      throw errors.notFound();
    }
    // Every page is the single-page app; paths it does not know get its 404 page with a 404 status.
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const locale = pageLocale(request);
    // A visitor's first screen is the same for everyone unless the address asks for more (a search, a filter, a
    // token); its language alone (`?lang=`, every link in an email) does not.
    const plain = !asksMore(request.url);
    const visitor = !request.cookies[cookieName(config)] && plain;
    const member = plain && (await memberFramePage(request, locale));
    const page =
      member ||
      (visitor && (await dataFramePage(pathname, locale, request.ip))) ||
      indexPage!(pathname, locale, visitor);
    const encoding = (['br', 'gzip'] as const).find((name) => page[name] && accepted.includes(name));
    reply
      .code(isPagePath(pathname) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', member ? 'private, no-store' : 'no-cache')
      .header('vary', 'accept-encoding, accept-language, cookie');
    if (encoding) reply.header('content-encoding', encoding);
    // A language the address names is kept as the app keeps it, so that the pages after this one come in it even
    // while the app has not loaded (the language menu's links, before it has: decision 063).
    if (languageAsked(request))
      reply.setCookie(STORAGE_KEYS.language, locale, {
        path: '/',
        maxAge: LANGUAGE_COOKIE_AGE_S,
        sameSite: 'lax',
      });
    // Their address carries a token until the page takes it out: no other site may learn it as a referrer.
    if (LINK_PAGES.has(pageRoute(pathname))) reply.header('referrer-policy', 'no-referrer');
    return reply.send(encoding ? page[encoding] : page.identity);
  });
}
