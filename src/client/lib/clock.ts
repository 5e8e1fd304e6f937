import { useSyncExternalStore } from 'react';
import { FRAME_DRAWN_AT } from '../../shared/routes';
import { pageFrame } from './page-frame';

/**
 * The time a screen counts from ("3 minutes ago", the copyright year), as a hook: the same for every part of a
 * render, moving on every STEP while anything shows it.
 *
 * A page's frame was drawn by the server some time before the app takes it over (a frame with data is kept a few
 * seconds, one without for the life of the process). While the app takes it over it counts from the moment the frame
 * was drawn at, so what it draws matches the frame and nothing is drawn again; right after, from now.
 */
const STEP = 10_000;

/** Now, to the STEP: the same value however often a render asks within one. */
const current = () => Math.floor(Date.now() / STEP) * STEP;

const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  ticker ??= setInterval(() => listeners.forEach((notify) => notify()), STEP);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
}

let drawnAt: number | undefined;

/** The server's renderer (frame.tsx) says when the frame it is drawing is drawn. */
export function drawingFrameAt(moment: number) {
  drawnAt = moment;
}

/** When the frame the app is taking over was drawn; read once, while the frame is still the page's. */
const frameDrawnAt = () =>
  (drawnAt ??=
    (typeof document !== 'undefined' && Number(pageFrame()?.getAttribute(FRAME_DRAWN_AT))) || current());

export function useNow(): number {
  return useSyncExternalStore(subscribe, current, frameDrawnAt);
}
