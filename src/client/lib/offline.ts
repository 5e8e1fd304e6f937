/**
 * Without a connection: the service worker that keeps the app and the last answers of the reading routes
 * (src/client/service-worker), whether the browser is online, and whether what the page shows is a kept copy.
 */
import { useSyncExternalStore } from 'react';
import { SAVED_ANSWERS_CACHE, SAVED_AT_HEADER } from '../../shared/offline';

/** Registers the service worker once the page has loaded, so keeping the app never slows the first screen. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Not kept for offline use (blocked, or a private window): the app works as before.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * Forgets every kept answer: at sign-in and sign-out, so one person's answers are never shown to the next on a
 * shared phone, and on quick exit.
 */
export function forgetSavedAnswers(): void {
  if (typeof caches === 'undefined') return;
  void caches.delete(SAVED_ANSWERS_CACHE).catch(() => undefined);
}

type OfflineState = { online: boolean; savedAt: string | null };

let state: OfflineState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine !== false,
  savedAt: null,
};
const listeners = new Set<() => void>();

function update(next: OfflineState) {
  if (next.online === state.online && next.savedAt === state.savedAt) return;
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Called with each API answer: a kept copy says when it was saved; an answer from the server means the connection
 * is back, and the page is no longer showing old copies.
 */
export function noteAnswer(response: Response): void {
  const savedAt = response.headers.get(SAVED_AT_HEADER);
  if (savedAt) {
    // The oldest copy on the page is the one to name.
    if (!state.savedAt || savedAt < state.savedAt) update({ ...state, savedAt });
  } else update({ ...state, savedAt: null });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const online = () => update({ ...state, online: true });
  const offline = () => update({ ...state, online: false });
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}

/** A page rendered before any browser has it (frame.tsx) is online and shows no kept copies. */
const FRAME_STATE: OfflineState = { online: true, savedAt: null };

/** Whether the browser is online, and the time of the oldest kept copy the page shows, if any. */
export function useOffline(): OfflineState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => FRAME_STATE,
  );
}
