import { Suspense, useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => {};

/** True in the browser, false in a page frame (frame.tsx) and in the render that takes a frame over. */
function useInBrowser() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * What loads after the page (its code is its own chunk): never part of a page frame, which shows `placeholder` in its
 * place, as the page does while the code comes. Its own component, so the switch from the frame redraws it alone.
 */
export function InBrowser({
  children,
  placeholder = null,
}: {
  children: ReactNode;
  placeholder?: ReactNode;
}) {
  return useInBrowser() ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
