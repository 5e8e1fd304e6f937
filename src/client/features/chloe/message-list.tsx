import { useRef } from 'react';
import type { FeedbackRating } from '../../../shared/chloe';
import { useTranslation } from '../../lib/i18n';
import { ChloeAvatar } from './chloe-avatar';
import { ChloeMessage, UserMessage } from './chloe-message';
import { turnsUpTo, type Message } from './use-chloe-chat';
import { useQuestionAtTop } from './use-question-at-top';

/**
 * The conversation as a log: Chloe's greeting, then each turn. When the reader asks, their question goes to the top
 * and the answer streams in below it (useQuestionAtTop).
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
  onAsk: (question: string, afterAnswer: boolean) => void;
  onRated: (id: number, rating: FeedbackRating) => void;
}) {
  const { t } = useTranslation();
  const logRef = useRef<HTMLDivElement>(null);
  const spacerRef = useRef<HTMLDivElement>(null);
  useQuestionAtTop(logRef, spacerRef, messages);
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
      <div ref={spacerRef} aria-hidden="true" className="shrink-0" />
    </div>
  );
}
