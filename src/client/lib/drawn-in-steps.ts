import { startTransition, useEffect, useState } from 'react';

/** Cards drawn at a time: laying out a few is a short task, even on a slow phone. */
export const DRAWN_PER_STEP = 4;

/**
 * How many of a list's first `count` items to draw now: a few, then a few more after each paint, so twenty cards
 * arriving together never hold a slow phone in one long task (the browser lays out each step, and answers a tap,
 * between them). A new `list` (another search's results) starts again from a few.
 */
export function useDrawnInSteps(list: unknown, count: number): number {
  const [drawn, setDrawn] = useState({ list, count: DRAWN_PER_STEP });
  if (drawn.list !== list) setDrawn({ list, count: DRAWN_PER_STEP });
  const shown = drawn.list === list ? Math.min(drawn.count, count) : Math.min(DRAWN_PER_STEP, count);

  useEffect(() => {
    if (shown >= count) return;
    const timer = setTimeout(() => startTransition(() => setDrawn({ list, count: shown + DRAWN_PER_STEP })));
    return () => clearTimeout(timer);
  }, [list, shown, count]);

  return shown;
}
