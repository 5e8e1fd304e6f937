import { useDeferredValue } from 'react';
import { FRAME_SELECTOR } from '../../shared/early-taps';

/**
 * The server's render of the page's first screen (src/client/frame.tsx), in the app's root: inert and hidden from
 * assistive technology until the app has taken it over. None on a page the app draws itself.
 */
export function pageFrame(): Element | null {
  return document.querySelector(FRAME_SELECTOR);
}

/** Whether the app is still taking a frame over: from the start of a framed page until its screen is drawn. */
let takingOver: boolean | undefined;
const stillTakingOver = () => (takingOver ??= typeof document !== 'undefined' && pageFrame() !== null);

/** The page's frame has become the page (app/layout.tsx). */
export function frameTakenOver() {
  takingOver = false;
}

/**
 * Data the frame was drawn without (the site's settings): while the app takes the frame over, a component draws it
 * as the frame did, without, then with it. It may come between the header's turn and the screen's, and what the app
 * takes over must match the frame. Later, it is drawn at once.
 */
export function useAsFramed<T>(value: T | undefined): T | undefined {
  const now = value ?? null;
  return useDeferredValue(now, stillTakingOver() ? null : now) ?? undefined;
}
