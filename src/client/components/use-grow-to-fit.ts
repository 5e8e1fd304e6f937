import { useLayoutEffect, type RefObject } from 'react';

/** What a message box's size depends on, in pixels; `scrollHeight` is its content's with padding, measured at auto. */
export type BoxMeasure = {
  scrollHeight: number;
  lineHeight: number;
  padding: number;
  border: number;
};

/**
 * The height (border box) that shows all of the text up to `maxRows` lines, and whether the text is longer and the
 * box must scroll.
 */
export function fitHeight(box: BoxMeasure, maxRows: number): { height: number; scrolls: boolean } {
  const most = box.lineHeight * maxRows + box.padding + box.border;
  const needed = box.scrollHeight + box.border;
  return { height: Math.min(needed, most), scrolls: needed > most + 0.5 };
}

function measure(box: HTMLTextAreaElement): BoxMeasure {
  const style = getComputedStyle(box);
  const px = (value: string) => Number.parseFloat(value) || 0;
  const lineHeight = px(style.lineHeight) || px(style.fontSize) * 1.2;
  return {
    scrollHeight: box.scrollHeight,
    lineHeight,
    padding: px(style.paddingTop) + px(style.paddingBottom),
    border: px(style.borderTopWidth) + px(style.borderBottomWidth),
  };
}

function fit(box: HTMLTextAreaElement, maxRows: number) {
  box.style.height = 'auto';
  const { height, scrolls } = fitHeight(measure(box), maxRows);
  if (height > 0) box.style.height = `${height}px`;
  box.style.overflowY = scrolls ? 'auto' : 'hidden';
}

/**
 * A message box of one line (`rows={1}`) that grows with what is typed, up to `maxRows` lines, then scrolls. Sized
 * before the screen is painted, so it never shows a scrollbar for a moment, and again when its width changes (a
 * button beside it came or went, the phone turned): the same text then takes more or fewer lines.
 */
export function useGrowToFit(ref: RefObject<HTMLTextAreaElement | null>, value: string, maxRows = 5) {
  useLayoutEffect(() => {
    if (ref.current) fit(ref.current, maxRows);
  }, [ref, value, maxRows]);

  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    let width = box.clientWidth;
    const observer = new ResizeObserver(() => {
      // Only a new width: the height is what fit() itself sets.
      if (box.clientWidth === width) return;
      width = box.clientWidth;
      fit(box, maxRows);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [ref, maxRows]);
}
