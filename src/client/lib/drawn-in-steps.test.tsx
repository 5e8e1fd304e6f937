import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DRAWN_PER_STEP, useDrawnInSteps } from './drawn-in-steps';

describe('useDrawnInSteps', () => {
  it('draws a few, then a few more after each paint, up to the whole count', async () => {
    const seen: number[] = [];
    const { rerender } = renderHook(
      ({ count }) => {
        const drawn = useDrawnInSteps(count);
        if (seen.at(-1) !== drawn) seen.push(drawn);
        return drawn;
      },
      { initialProps: { count: 0 } },
    );
    rerender({ count: 10 });
    await waitFor(() => expect(seen.at(-1)).toBe(10));
    expect(seen).toEqual([0, DRAWN_PER_STEP, 2 * DRAWN_PER_STEP, 10]);
  });

  it('draws nothing while there is nothing, and a short list at once', () => {
    const { result, rerender } = renderHook(({ count }) => useDrawnInSteps(count), {
      initialProps: { count: 0 },
    });
    expect(result.current).toBe(0);
    rerender({ count: 2 });
    expect(result.current).toBe(2);
  });

  it('draws a list on hand from the start whole', () => {
    const { result } = renderHook(() => useDrawnInSteps(10));
    expect(result.current).toBe(10);
  });

  it('goes on from where it was when more open, and never takes back what it has drawn', async () => {
    const { result, rerender } = renderHook(({ count }) => useDrawnInSteps(count), {
      initialProps: { count: 0 },
    });
    rerender({ count: 20 });
    expect(result.current).toBe(DRAWN_PER_STEP);
    await waitFor(() => expect(result.current).toBe(20));
    rerender({ count: 40 });
    expect(result.current).toBe(20);
    await waitFor(() => expect(result.current).toBe(40));
    // Another search: fewer results, then more again, drawn at once up to what was drawn.
    rerender({ count: 5 });
    expect(result.current).toBe(5);
    rerender({ count: 30 });
    expect(result.current).toBe(30);
  });
});
