import './styles.css';
import type { QueryKey } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Root } from './app/root';
import { AppRoutes, preloadScreen } from './app/router';
import { textsReady } from './lib/i18n';
import { registerServiceWorker } from './lib/offline';
import { createQueryClient } from './lib/query';

const container = document.getElementById('root')!;
const queryClient = createQueryClient();
// The page's first data, when its frame came with it (frame.tsx): the first render shows what the frame showed.
const frameData = document.getElementById('frame-data');
if (frameData)
  for (const [key, data] of JSON.parse(frameData.textContent!) as [QueryKey, unknown][])
    queryClient.setQueryData(key, data);

/** The first render as a transition: React yields to the browser while it builds the page, so no long task blocks a tap. */
function start() {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <Root queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Root>,
    ),
  );
}

// The first render waits for the texts of the reader's language. A page that came with its frame (the server's
// render of its first screen) keeps it until the screen's code is here too, then the first render draws the same
// screen whole in its place: nothing on screen moves or blinks.
void Promise.all([
  textsReady(),
  container.hasChildNodes() && preloadScreen(window.location.pathname).catch(() => undefined),
]).then(start);

registerServiceWorker();
