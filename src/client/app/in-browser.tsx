import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';

/** Runs `work` once the browser is idle (at the latest after two seconds); returns how to cancel it. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 1);
  return () => window.clearTimeout(handle);
}

/**
 * What loads after the page (its code is its own chunk): never part of a page frame (frame.tsx), nor of the render
 * that takes a frame over, which show `placeholder` in its place, as the page does while the code comes. Drawn once
 * the browser is idle after the page, each in a task of its own and as a transition (React yields to the browser
 * every few milliseconds while it draws), so none makes the page's start longer or keeps a tap waiting.
 */
export function InBrowser({
  children,
  placeholder = null,
}: {
  children: ReactNode;
  placeholder?: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setShown(true))), []);
  return shown ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
