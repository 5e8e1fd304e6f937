import { useEffect, useRef } from 'react';
import type { FeedbackRating } from '../../../shared/chloe';
import { useTranslation } from '../../lib/i18n';
import { ChloeAvatar } from './chloe-avatar';
import { ChloeMessage, UserMessage } from './chloe-message';
import { turnsUpTo, type Message } from './use-chloe-chat';

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
    if (log && asked) log.scrollTo?.({ top: asked.offsetTop - 16 });
  }, [messages.length]);
  return (
    <div
      role="log"
      aria-label={t('chloe.conversation')}
      ref={logRef}
      className="relative max-h-[60vh] min-h-80 space-y-4 overflow-y-auto p-4"
      tabIndex={0}
    >
      <div className="flex gap-3">
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
