import { useEffect, useRef } from 'react';

/**
 * A ref callback for what replaces a form once it has been sent (a confirmation, a link that no longer works):
 * focus goes there, so a screen reader reads it and the keyboard goes on from it rather than from the page's top.
 * Give the element tabIndex={-1}.
 */
export function focusWhenShown(element: HTMLElement | null) {
  element?.focus();
}

/**
 * After a search the reader asked for (a postcode, a place), the results' heading takes focus once they have come:
 * the page scrolls to them (the heading's scroll margin keeps it clear of the header) and a screen reader reads
 * the heading, then the count from the results' polite live region. `search` names the search asked for (null:
 * none); the one the page opened with, from the address or a reload, moves nothing. Give the heading
 * tabIndex={-1} and a scroll margin.
 */
export function useRevealResults(search: string | null, ready: boolean) {
  const heading = useRef<HTMLHeadingElement>(null);
  const revealed = useRef(search);
  useEffect(() => {
    if (!ready || search === null || search === revealed.current) return;
    revealed.current = search;
    heading.current?.focus();
  }, [search, ready]);
  return heading;
}
