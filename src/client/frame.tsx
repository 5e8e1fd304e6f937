/**
 * The page frames: a public page's first render as HTML, for a visitor in a language, rendered by the server at start
 * with the app's own components (src/server/lib/index-page.ts puts it in the first HTML). The header, the page's
 * title and lead and its skeletons then paint before any code has run, and main.tsx draws the same screen in their
 * place. Built by `vite build --ssr` (scripts/build.mjs).
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Locale } from '../shared/constants';
import { Root } from './app/root';
import { AppRoutes, preloadScreen } from './app/router';
import { setLanguage } from './lib/i18n';
import { createQueryClient } from './lib/query';

export async function renderFrame(pathname: string, locale: Locale): Promise<string> {
  await preloadScreen(pathname);
  setLanguage(locale);
  const html = renderToString(
    <Root queryClient={createQueryClient()}>
      <StaticRouter location={pathname}>
        <AppRoutes />
      </StaticRouter>
    </Root>,
  );
  // The Content Security Policy allows no style attribute in HTML (the app sets styles from code, which it allows):
  // the only ones are Radix's sizes for the closed FAQ answers, which the app sets again when it draws the page.
  return html.replace(/ style="[^"]*"/g, '');
}
