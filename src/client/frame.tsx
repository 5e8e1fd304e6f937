/**
 * The page frames: a page's first render as HTML, for a visitor or a signed-in member in a language, rendered by the
 * server with the app's own components (src/server/lib/index-page.ts puts it in the first HTML). The header, the
 * page's title and lead and its skeletons (or, on the pages in FRAME_DATA, the screen's first data) then paint before
 * any code has run, and main.tsx takes those elements over (hydration). Built by `vite build --ssr`
 * (scripts/build.mjs).
 */
import type { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Locale } from '../shared/constants';
import type { User } from '../shared/schemas/auth';
import type { CategoriesResponse, QuestionList } from '../shared/schemas/questions';
import type { DataFrame, Frame, FramedPage, LoadData } from '../shared/routes';
import { Root } from './app/root';
import { AppRoutes, preloadScreen } from './app/router';
import { drawingFrameAt } from './lib/clock';
import { loadEveryLanguage, setLanguage } from './lib/i18n';
import { createQueryClient } from './lib/query';
import { categoriesPath, categoriesQuery, feedPath, feedQuery } from './lib/questions';

/** What a frame's page asks for first, put where the app keeps it: the frame shows it, and so does the first render. */
const FRAME_DATA: Partial<
  Record<FramedPage, (client: QueryClient, locale: Locale, load: LoadData, user?: User) => Promise<void>>
> = {
  '/latest': async (client, locale, load, user) => {
    const latest = { sort: 'latest' } as const;
    const [categories, feed] = await Promise.all([
      load(categoriesPath(locale), locale),
      load(feedPath(latest), locale),
    ]);
    client.setQueryData(categoriesQuery(locale).queryKey, categories as CategoriesResponse);
    client.setQueryData(feedQuery(latest, locale, user?.id ?? null).queryKey, {
      pages: [feed as QuestionList],
      pageParams: [undefined],
    });
  },
};

/** The pages whose frame carries their first data, rendered for each visitor's request rather than once. */
export const DATA_FRAMES = Object.keys(FRAME_DATA) as FramedPage[];

async function render(pathname: string, locale: Locale, client: QueryClient, user?: User): Promise<Frame> {
  await Promise.all([preloadScreen(pathname), loadEveryLanguage()]);
  await setLanguage(locale);
  // Frames in another language may be drawn meanwhile (members' are drawn per request): with the texts loaded, this
  // switch is immediate, and nothing comes between it and the render.
  void setLanguage(locale);
  const drawnAt = Date.now();
  drawingFrameAt(drawnAt);
  const html = renderToString(
    <Root queryClient={client} user={user}>
      <StaticRouter location={pathname}>
        <AppRoutes />
      </StaticRouter>
    </Root>,
  );
  // The Content Security Policy allows no style attribute in HTML (the app sets styles from code, which it allows):
  // the only ones are Radix's sizes for the closed FAQ answers, which the app sets again when it draws the page.
  return { html: html.replace(/ style="[^"]*"/g, ''), drawnAt };
}

export async function renderFrame(pathname: string, locale: Locale, user?: User): Promise<Frame> {
  return render(pathname, locale, createQueryClient(), user);
}

/**
 * A frame with its page's first data, and that data as `[queryKey, data]` pairs in JSON for main.tsx to keep
 * before its first render. Throws when the data cannot be had: the page then keeps its frame without.
 */
export async function renderDataFrame(
  pathname: FramedPage,
  locale: Locale,
  load: LoadData,
  user?: User,
): Promise<DataFrame> {
  const fill = FRAME_DATA[pathname];
  if (!fill) throw new Error(`${pathname} has no frame data`);
  const client = createQueryClient();
  await fill(client, locale, load, user);
  const data = client
    .getQueryCache()
    .getAll()
    .map((query) => [query.queryKey, query.state.data]);
  return { ...(await render(pathname, locale, client, user)), data: JSON.stringify(data) };
}
