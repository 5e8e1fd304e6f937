import { startTransition, useEffect, useState } from 'react';

/** Cards drawn at a time: laying out a few is a short task, even on a slow phone. */
export const DRAWN_PER_STEP = 4;

/**
 * How many of a list's first `count` items to draw now: a few, then a few more after each paint, so twenty cards
 * arriving together never hold a slow phone in one long task (the browser lays out each step, and answers a tap,
 * between them). What has been drawn is never taken back: a list that changes (a search, the other language, fresher
 * data) draws as many at once as were drawn before, so nothing on screen shrinks away.
 */
export function useDrawnInSteps(count: number): number {
  // A list on hand from the start (the page's frame showed it, or it was kept) is drawn whole, as it was shown.
  const [drawn, setDrawn] = useState(() => Math.max(DRAWN_PER_STEP, count));

  useEffect(() => {
    if (drawn >= count) return;
    const timer = setTimeout(() => startTransition(() => setDrawn(drawn + DRAWN_PER_STEP)));
    return () => clearTimeout(timer);
  }, [drawn, count]);

  return Math.min(drawn, count);
}
