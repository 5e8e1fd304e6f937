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

/** How long a page is given to show what its address's `#` names (a reply, which may come after the page). */
const TARGET_WINDOW_MS = 10_000;

/** The history entry on screen: set before the browser reports the new page's first scroll. */
export function enterEntry(key: string) {
  current = key;
}

/** Whether the reader has been on this entry in this visit (Back and Forward return to where they were). */
export function remembers(key: string): boolean {
  return positions.has(key);
}

/**
 * Brings the element with this id (the address's `#`) to the top of the view, under the header, and gives it the
 * focus, so a screen reader reads it: as soon as it is on the page and usable (not in a frame still being taken
 * over), until the reader scrolls, or the window has passed (a reply deleted since never comes: the page stays at
 * its top). Gives a function that stops waiting.
 */
export function showTarget(id: string): () => void {
  const until = performance.now() + TARGET_WINDOW_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of READER_SCROLLS) window.removeEventListener(type, stop);
  };
  const attempt = () => {
    const element = document.getElementById(id);
    if (element && !element.closest('[inert]')) {
      element.scrollIntoView({ block: 'start' });
      element.focus({ preventScroll: true });
      stop();
    } else if (performance.now() < until) frame = requestAnimationFrame(attempt);
    else stop();
  };
  for (const type of READER_SCROLLS) window.addEventListener(type, stop, { passive: true });
  attempt();
  return stop;
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
