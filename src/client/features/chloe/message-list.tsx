import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/i18n';
import { ChloeAvatar } from './chloe-avatar';
import { ChloeMessage, UserMessage } from './chloe-message';
import type { Message } from './use-chloe-chat';

/** The conversation as a log: Chloe's greeting, then each turn; it scrolls to the newest words. */
export function MessageList({
  messages,
  pending,
  onRetry,
}: {
  messages: Message[];
  pending: boolean;
  onRetry: (message: Message) => void;
}) {
  const { t } = useTranslation();
  const endRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages]);
  return (
    <div
      role="log"
      aria-label={t('chloe.conversation')}
      className="max-h-[60vh] min-h-80 space-y-4 overflow-y-auto p-4"
      tabIndex={0}
    >
      <div className="flex gap-3">
        <ChloeAvatar />
        <div className="rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-3 text-slate-900">
          <p>{t('chloe.greeting')}</p>
        </div>
      </div>
      {messages.map((message) =>
        message.role === 'user' ? (
          <UserMessage key={message.id} message={message} />
        ) : (
          <ChloeMessage key={message.id} message={message} pending={pending} onRetry={onRetry} />
        ),
      )}
      <div ref={endRef} />
    </div>
  );
}
