import { fireEvent, render } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fitHeight, useGrowToFit } from './use-grow-to-fit';

const LINE = 24;
const box = (lines: number) => ({
  scrollHeight: lines * LINE + 16,
  lineHeight: LINE,
  padding: 16,
  border: 2,
});

describe('fitHeight', () => {
  it('fits one to five lines exactly, then stays at five and scrolls', () => {
    expect(fitHeight(box(1), 5)).toEqual({ height: 42, scrolls: false });
    expect(fitHeight(box(3), 5)).toEqual({ height: 90, scrolls: false });
    expect(fitHeight(box(5), 5)).toEqual({ height: 138, scrolls: false });
    expect(fitHeight(box(8), 5)).toEqual({ height: 138, scrolls: true });
  });
});

/** A box whose content is as tall as its text's lines, as a browser would lay it out. */
function Box({ initial }: { initial: string }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [value, setValue] = useState(initial);
  useGrowToFit(ref, value);
  return (
    <>
      <textarea
        ref={(element) => {
          ref.current = element;
          if (element)
            Object.defineProperty(element, 'scrollHeight', {
              configurable: true,
              get: () => element.value.split('\n').length * LINE + 16,
            });
        }}
        rows={1}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        style={{ lineHeight: `${LINE}px`, padding: '8px', border: '1px solid' }}
      />
      <button type="button" onClick={() => setValue('1\n2\n3\n4\n5\n6\n7')}>
        long
      </button>
    </>
  );
}

describe('useGrowToFit', () => {
  it('sizes the box to its lines as they change, up to five, and lets a longer text scroll', () => {
    const { container, getByRole } = render(<Box initial="one line" />);
    const textarea = container.querySelector('textarea')!;
    expect(textarea.style.height).toBe('42px');
    expect(textarea.style.overflowY).toBe('hidden');
    fireEvent.click(getByRole('button'));
    expect(textarea.style.height).toBe('138px');
    expect(textarea.style.overflowY).toBe('auto');
  });
});
