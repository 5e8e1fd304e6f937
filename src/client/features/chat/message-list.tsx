import { ArrowDown } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { useTranslation } from '../../lib/i18n';
import type { PaneItem } from './use-message-pane';

/** Within this many pixels of the bottom counts as reading the newest messages. */
const NEAR_BOTTOM_PX = 80;

function nearBottom(element: HTMLElement): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= NEAR_BOTTOM_PX;
}

/**
 * The messages as a log, oldest at the top. It follows the newest message while the reader is at the bottom;
 * scrolled up, it stays where they are and offers "New messages" instead. Older pages are added above without
 * moving what the reader is looking at.
 */
export function MessageList({
  items,
  label,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onAtNewestChange,
  renderItem,
  empty,
}: {
  items: PaneItem[];
  label: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onAtNewestChange: (atNewest: boolean) => void;
  renderItem: (item: PaneItem) => ReactNode;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [unseen, setUnseen] = useState(false);
  const previous = useRef({ first: '', last: '', height: 0, count: 0 });

  const scrollToBottom = () => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
    atBottom.current = true;
    setUnseen(false);
    onAtNewestChange(true);
  };

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const first = items[0]?.key ?? '';
    const lastItem = items.at(-1);
    const last = lastItem?.key ?? '';
    const before = previous.current;
    previous.current = { first, last, height: element.scrollHeight, count: items.length };
    if (before.count === 0) return scrollToBottom();
    // Older messages came in above: keep the reader's place.
    if (first !== before.first && last === before.last) {
      element.scrollTop += element.scrollHeight - before.height;
      return;
    }
    if (last === before.last) return;
    // Our own message always brings us down to it.
    if (atBottom.current || lastItem?.kind === 'pending') scrollToBottom();
    else setUnseen(true);
    // scrollToBottom only touches refs, state setters and the parent's callback.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items]);

  // The list grew shorter (the message box grew a line, a phone's keyboard opened): the newest stays in view.
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const now = nearBottom(element);
    if (now === atBottom.current) return;
    atBottom.current = now;
    if (now) setUnseen(false);
    onAtNewestChange(now);
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-label={label}
        tabIndex={0}
        className="flex h-full flex-col overflow-y-auto overscroll-contain px-3 py-4"
      >
        {hasOlder && (
          <div className="mb-4 text-center">
            <Button variant="secondary" size="sm" onClick={onLoadOlder} disabled={loadingOlder}>
              {t('chat.olderMessages')}
            </Button>
          </div>
        )}
        {items.length === 0 ? (
          empty
        ) : (
          // Few messages sit at the bottom, just above the message box, as the newest always does.
          <ol className="mt-auto space-y-3">{items.map(renderItem)}</ol>
        )}
      </div>
      {unseen && (
        <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center">
          <Button size="sm" className="pointer-events-auto shadow-lg" onClick={scrollToBottom}>
            <ArrowDown aria-hidden="true" className="h-4 w-4" />
            {t('chat.newMessages')}
          </Button>
        </div>
      )}
    </div>
  );
}
