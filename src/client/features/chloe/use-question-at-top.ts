import { useEffect, useLayoutEffect, type RefObject } from 'react';

/** Room kept above the question when it is brought to the top, and the log's padding below the last message. */
const MARGIN_PX = 16;

/** What scrolls the log: the log itself on a wide screen, the conversation with Chloe's introduction on a phone. */
function scrollerOf(log: HTMLElement): HTMLElement | null {
  for (let element: HTMLElement | null = log; element; element = element.parentElement) {
    if (['auto', 'scroll'].includes(getComputedStyle(element).overflowY)) return element;
  }
  return null;
}

function lastQuestion(log: HTMLElement): HTMLElement | undefined {
  const questions = log.querySelectorAll<HTMLElement>('[data-role="user"]');
  return questions[questions.length - 1];
}

/**
 * When the reader asks, their question goes to the top of what scrolls, and the answer streams in below it: an answer
 * is read from its beginning, and the reader's own scrolling is never taken over. While the answer is still shorter
 * than the screen, `spacer` (the log's last element) makes up the difference, so the question can reach the top.
 */
export function useQuestionAtTop(
  logRef: RefObject<HTMLElement | null>,
  spacerRef: RefObject<HTMLElement | null>,
  turns: readonly unknown[],
) {
  useLayoutEffect(() => {
    const log = logRef.current;
    const spacer = spacerRef.current;
    if (!log || !spacer) return;
    spacer.style.height = '0px';
    const scroller = scrollerOf(log);
    const asked = lastQuestion(log);
    const end = spacer.previousElementSibling;
    if (!scroller || !asked || !end) return;
    const below = end.getBoundingClientRect().bottom - asked.getBoundingClientRect().top;
    spacer.style.height = `${Math.max(0, scroller.clientHeight - below - 3 * MARGIN_PX)}px`;
  }, [logRef, spacerRef, turns]);

  useEffect(() => {
    const log = logRef.current;
    const asked = log && lastQuestion(log);
    const scroller = log && scrollerOf(log);
    if (!scroller || !asked) return;
    const above = asked.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    scroller.scrollTo?.({ top: scroller.scrollTop + above - MARGIN_PX });
    // A new question, not each piece of the answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [turns.length]);
}
