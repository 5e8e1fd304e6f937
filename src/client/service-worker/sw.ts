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

/** What the server pushes (src/server/modules/notifications): the lock screen's words and the page a tap opens. */
type PushPayload = { title: string; body?: string; url?: string };

/** A path of this app only: a payload can never send a tap elsewhere. */
function appPath(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/notifications';
}

self.addEventListener('push', (event) => {
  let payload: PushPayload | null = null;
  try {
    payload = event.data?.json() as PushPayload;
  } catch {
    // Not ours to read: shown plainly below, since a push must always show something.
  }
  event.waitUntil(
    self.registration.showNotification(payload?.title || 'Mentor Me', {
      body: payload?.body,
      icon: '/icons/icon-192.png',
      data: { url: appPath(payload?.url) },
    }),
  );
});

/** A tap opens what the alert is about: in a tab of the app already open (brought to the front), else a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appPath((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        // Only a tab this worker controls can be sent elsewhere; another opens the page anew.
        if (await focused.navigate(url).catch(() => null)) return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
