import { useCallback, useRef } from 'react';

/**
 * A section heading to take the reader back to when the row or card they acted on goes away (deleted, verified,
 * dismissed): otherwise focus would fall to the start of the page. Give the heading tabIndex={-1}.
 */
export function useFocusHeading() {
  const ref = useRef<HTMLHeadingElement>(null);
  const focus = useCallback(() => {
    requestAnimationFrame(() => ref.current?.focus());
  }, []);
  return [ref, focus] as const;
}
