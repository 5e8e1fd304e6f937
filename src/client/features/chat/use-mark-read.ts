import { useEffect, useRef } from 'react';
import { useMarkRead } from '../../data/chat';
import { usePageVisible } from '../../lib/page-visible';

/**
 * Tells the server the reader has seen up to `lastSeq` when the pane shows it: the tab is visible and the reader
 * is at the newest messages (scrolled up, they have not seen them yet). Each number is sent once; the server only
 * moves the mark forward, so an old number arriving late does no harm.
 */
export function useMarkReadWhenSeen(
  conversationId: string,
  lastSeq: number,
  lastReadSeq: number,
  atNewest: boolean,
) {
  const visible = usePageVisible();
  const markRead = useMarkRead();
  const { mutate } = markRead;
  const sent = useRef(0);
  useEffect(() => {
    if (!visible || !atNewest || lastSeq <= lastReadSeq || lastSeq <= sent.current) return;
    sent.current = lastSeq;
    mutate({ conversationId, seq: lastSeq });
  }, [visible, atNewest, lastSeq, lastReadSeq, conversationId, mutate]);
}
