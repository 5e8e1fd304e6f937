import type { Locale } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import { language } from '../../shared/languages';
import { pageTexts, type Frame } from '../../shared/pages';
import type { PageRoute } from '../../shared/routes';
// The screens' texts (titles and leads) are registered with the server's messages.
import '../errors';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page with the content of its `<meta>` elements named by `names` (a pattern of their attributes) set. */
const withMeta = (html: string, names: string, content: string) =>
  html.replace(
    new RegExp(`(<meta\\s+(?:${names})\\s+content=")[^"]*"`, 'g'),
    // As a function: a question's title may hold `$&`, which a replacement string would read as a pattern.
    (_, start: string) => `${start}${escapeHtml(content)}"`,
  );

/** A locale as Open Graph writes it: `en_AU`, `zh_CN`. */
const openGraphLocale = (locale: Locale) => {
  const { language: code, region } = new Intl.Locale(language(locale).intl);
  return region ? `${code}_${region}` : code;
};

/**
 * The built page in a language: `<html lang dir>`, its `<noscript>` line, and the page's title and description (its
 * own, or the app's), for the tab and search engines and for the preview a shared link shows (Open Graph), whose
 * picture is addressed from `origin`.
 */
export function inLanguage(
  html: string,
  locale: Locale,
  route: PageRoute | undefined,
  frame: Frame | undefined,
  origin: string,
): string {
  const appName = translate(locale, 'app.name');
  const keys = route && pageTexts(route);
  // The page's own title and description, from its data (a question's), else its texts in the reader's language;
  // a page with neither is titled by the app's name and described in the reader's language.
  const own = frame?.title
    ? [frame.title, frame.description ?? '']
    : keys?.map((key) => translate(locale, key));
  const title = own ? `${own[0]} · ${appName}` : appName;
  let page = html
    .replace(/<html lang="[^"]*"(?: dir="[^"]*")?/, `<html lang="${locale}" dir="${language(locale).dir}"`)
    .replace(
      /<noscript>[^<]*<\/noscript>/,
      `<noscript>${escapeHtml(translate(locale, 'app.noScript'))}</noscript>`,
    )
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/(<meta\s+property="og:image"\s+content=")\//, (_, start: string) => `${start}${origin}/`);
  page = withMeta(
    page,
    'name="description"|property="og:description"',
    own ? own[1]! : translate(locale, 'app.description'),
  );
  page = withMeta(page, 'property="og:title"', own ? own[0]! : appName);
  page = withMeta(page, 'property="og:site_name"', appName);
  return withMeta(page, 'property="og:locale"', openGraphLocale(locale));
}
