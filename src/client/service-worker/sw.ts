/// <reference lib="webworker" />
/**
 * The service worker: the app's code, styles and icons are kept (precached at install, replaced whole by the next
 * version), so the app opens without a connection. Pages always come from the network, and without one from the
 * kept app, which draws every route itself. The public reading routes of the API come from the network first and
 * their last answer is kept; a kept answer carries the time it was saved, and the page says so.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  isSavedAnswer,
  SAVED_ANSWERS_CACHE,
  SAVED_ANSWERS_LIMIT,
  SAVED_ANSWERS_MAX_AGE_SECONDS,
  SAVED_AT_HEADER,
} from '../../shared/offline';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// A new version takes over at once: the old one's kept files are gone with it, and its pages ask the server.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const APP_PAGE = '/index.html';

registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [{ handlerDidError: async () => (await matchPrecache(APP_PAGE)) ?? undefined }],
    }),
    // The API and its documentation are never the app's page.
    { denylist: [/^\/api(?:\/|$)/] },
  ),
);

/** A copy of an answer, stamped with the time it was kept. */
async function stamped(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, new Date().toISOString());
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isSavedAnswer(url.pathname),
  new NetworkFirst({
    cacheName: SAVED_ANSWERS_CACHE,
    plugins: [
      new ExpirationPlugin({ maxEntries: SAVED_ANSWERS_LIMIT, maxAgeSeconds: SAVED_ANSWERS_MAX_AGE_SECONDS }),
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? stamped(response) : null) },
    ],
  }),
);
