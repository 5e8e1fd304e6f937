/**
 * Where the reader was on each page of this visit, by history entry, so Back and Forward return there once the
 * page has its content. Loaded after the first screen (app/layout.tsx): a first visit has nothing to return to.
 */

const positions = new Map<string, number>();
let current = '';
/** How long a page that is still loading is given to grow tall enough for the place the reader left. */
const RESTORE_WINDOW_MS = 2000;
const READER_SCROLLS = ['wheel', 'touchstart', 'keydown'] as const;

// The app puts the reader back itself, once the page has its content; the browser would try too early.
history.scrollRestoration = 'manual';
window.addEventListener('scroll', () => positions.set(current, window.scrollY), { passive: true });

/** The history entry on screen: set before the browser reports the new page's first scroll. */
export function enterEntry(key: string) {
  current = key;
}

/**
 * Scrolls to where the reader was on this entry, as soon as the page is tall enough, until the reader scrolls or
 * the window has passed; to the top when it was never seen. Gives a function that stops trying.
 */
export function returnTo(key: string): () => void {
  const top = positions.get(key) ?? 0;
  const until = performance.now() + RESTORE_WINDOW_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of READER_SCROLLS) window.removeEventListener(type, stop);
  };
  const attempt = () => {
    window.scrollTo(0, top);
    if (Math.abs(window.scrollY - top) > 1 && performance.now() < until)
      frame = requestAnimationFrame(attempt);
    else stop();
  };
  for (const type of READER_SCROLLS) window.addEventListener(type, stop, { passive: true });
  attempt();
  return stop;
}
