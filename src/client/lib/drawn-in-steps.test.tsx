import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DRAWN_PER_STEP, useDrawnInSteps } from './drawn-in-steps';

describe('useDrawnInSteps', () => {
  it('draws a few, then a few more after each paint, up to the whole count', async () => {
    const list = Array.from({ length: 10 }, (_, i) => i);
    const seen: number[] = [];
    renderHook(() => {
      const drawn = useDrawnInSteps(list, 10);
      if (seen.at(-1) !== drawn) seen.push(drawn);
      return drawn;
    });
    await waitFor(() => expect(seen.at(-1)).toBe(10));
    expect(seen).toEqual([DRAWN_PER_STEP, 2 * DRAWN_PER_STEP, 10]);
  });

  it('draws a short list at once', () => {
    const { result } = renderHook(() => useDrawnInSteps(['one', 'two'], 2));
    expect(result.current).toBe(2);
  });

  it('goes on from where it was when more of the same list open, and starts again for another list', async () => {
    const first = Array.from({ length: 40 }, (_, i) => i);
    const { result, rerender } = renderHook(({ list, count }) => useDrawnInSteps(list, count), {
      initialProps: { list: first, count: 20 },
    });
    await waitFor(() => expect(result.current).toBe(20));
    rerender({ list: first, count: 40 });
    expect(result.current).toBe(20);
    await waitFor(() => expect(result.current).toBe(40));

    act(() => rerender({ list: [...first], count: 20 }));
    expect(result.current).toBe(DRAWN_PER_STEP);
    await waitFor(() => expect(result.current).toBe(20));
  });
});
