import { useEffect, useRef } from 'react';
import type { FeedbackRating } from '../../../shared/chloe';
import { useTranslation } from '../../lib/i18n';
import { ChloeAvatar } from './chloe-avatar';
import { ChloeMessage, UserMessage } from './chloe-message';
import { turnsUpTo, type Message } from './use-chloe-chat';

/** What scrolls the log: the log itself on a wide screen, the conversation with Chloe's introduction on a phone. */
function scrollerOf(log: HTMLElement): HTMLElement | null {
  for (let element: HTMLElement | null = log; element; element = element.parentElement) {
    if (['auto', 'scroll'].includes(getComputedStyle(element).overflowY)) return element;
  }
  return null;
}

/**
 * The conversation as a log: Chloe's greeting, then each turn. When the reader asks, the log scrolls so their
 * question and the start of the answer are in view, and stays there while the answer streams in below: an answer
 * is read from its beginning, and the reader's own scrolling is never taken over.
 */
export function MessageList({
  messages,
  pending,
  onRetry,
  onAsk,
  onRated,
}: {
  messages: Message[];
  pending: boolean;
  onRetry: (message: Message) => void;
  onAsk: (question: string) => void;
  onRated: (id: number, rating: FeedbackRating) => void;
}) {
  const { t } = useTranslation();
  const logRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const log = logRef.current;
    const questions = log?.querySelectorAll<HTMLElement>('[data-role="user"]');
    const asked = questions?.[questions.length - 1];
    const scroller = log && scrollerOf(log);
    if (!scroller || !asked) return;
    const above = asked.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    scroller.scrollTo?.({ top: scroller.scrollTop + above - 16 });
  }, [messages.length]);
  return (
    <div
      role="log"
      aria-label={t('chloe.conversation')}
      ref={logRef}
      className="relative flex flex-1 flex-col gap-4 p-4 lg:max-h-[60vh] lg:min-h-80 lg:flex-none lg:overflow-y-auto"
      tabIndex={0}
    >
      {/* A short conversation sits at the bottom, just above the message box, as the newest always does. */}
      <div className="mt-auto flex gap-3">
        <ChloeAvatar />
        <div className="rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-3 text-slate-900">
          <p>{t('chloe.greeting')}</p>
        </div>
      </div>
      {messages.map((message) => (
        <div key={message.id} data-role={message.role}>
          {message.role === 'user' ? (
            <UserMessage message={message} />
          ) : (
            <ChloeMessage
              message={message}
              pending={pending}
              onRetry={onRetry}
              onAsk={onAsk}
              onRated={onRated}
              conversation={() => turnsUpTo(messages, message.id)}
            />
          )}
        </div>
      ))}
    </div>
  );
}
