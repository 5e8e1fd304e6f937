import './styles.css';
import type { QueryKey } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Root } from './app/root';
import { AppRoutes, preloadScreen } from './app/router';
import { textsReady } from './lib/i18n';
import { registerServiceWorker } from './lib/offline';
import { pageFrame } from './lib/page-frame';
import { createQueryClient } from './lib/query';

const container = document.getElementById('root')!;
const queryClient = createQueryClient();
// The page's first data, when its frame came with it (frame.tsx): the first render shows what the frame showed.
const frameData = document.getElementById('frame-data');
if (frameData)
  for (const [key, data] of JSON.parse(frameData.textContent!) as [QueryKey, unknown][])
    queryClient.setQueryData(key, data);

const frame = pageFrame();

const app = (
  <Root queryClient={queryClient}>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </Root>
);

/**
 * A page that came with its frame: the app takes over the frame's own elements (hydration) instead of drawing new
 * ones in their place, far less work on a slow phone. The app draws what the frame drew: the frame's data, its
 * times counted from when it was drawn (lib/clock.ts), the settings it was drawn without (useAsFramed). Were a part
 * to differ, React would draw it again, a flash for the reader and a warning here. Otherwise the first render is a
 * transition: React yields to the browser while it builds the page, so no long task blocks a tap.
 */
function start() {
  if (frame) {
    startTransition(
      () => void hydrateRoot(frame, app, { onRecoverableError: (error) => console.warn(error) }),
    );
    return;
  }
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

// The first render waits for the texts of the reader's language. A page that came with its frame keeps it as it is
// until the screen's code is here too, then the app takes it over whole: nothing on screen moves or blinks.
void Promise.all([
  textsReady(),
  frame && preloadScreen(window.location.pathname).catch(() => undefined),
]).then(start);

registerServiceWorker();
