import { Flag, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Message } from '../../../shared/schemas/chat';
import { Linkify } from '../../components/linkify';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import type { PendingMessage } from './use-message-pane';

function Bubble({
  own,
  sender,
  content,
  footer,
}: {
  own: boolean;
  sender: string;
  content: string;
  footer: ReactNode;
}) {
  return (
    <li className={cn('flex', own ? 'justify-end' : 'justify-start')}>
      <div className={cn('max-w-[85%] min-w-0 sm:max-w-[75%]', own && 'text-right')}>
        <div
          className={cn(
            'rounded-2xl px-3 py-2 text-left whitespace-pre-wrap wrap-break-word',
            own ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900',
            // Links on the dark bubble need the light colour to be read.
            own && '[&_a]:text-white',
          )}
        >
          <span className="sr-only">{sender}: </span>
          <Linkify text={content} />
        </div>
        <div className={cn('mt-1 flex items-center gap-2 text-xs text-slate-600', own && 'justify-end')}>
          {footer}
        </div>
      </div>
    </li>
  );
}

/**
 * A message from the server: ours on the right ("Seen" under our last one once the other person has read it),
 * theirs on the left with a Report action.
 */
export function MessageBubble({
  message,
  own,
  seen = false,
  senderName,
  onReport,
}: {
  message: Message;
  own: boolean;
  /** Our last message, and the other person has read it. */
  seen?: boolean;
  senderName: string;
  onReport: (message: Message) => void;
}) {
  const { t, locale } = useTranslation();
  return (
    <Bubble
      own={own}
      sender={own ? t('chat.you') : senderName}
      content={message.content}
      footer={
        <>
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, locale)}</time>
          {seen && <span className="font-medium text-slate-700">{t('chat.seen')}</span>}
          {!own && (
            <button
              type="button"
              onClick={() => onReport(message)}
              aria-label={t('chat.reportMessage')}
              title={t('chat.reportMessage')}
              className="inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <Flag aria-hidden="true" className="h-3.5 w-3.5" />
            </button>
          )}
        </>
      }
    />
  );
}

/** Our message on its way ("Sending…") or refused ("Not sent", with Retry). */
export function PendingBubble({
  pending,
  onRetry,
}: {
  pending: PendingMessage;
  onRetry: (clientId: string) => void;
}) {
  const { t } = useTranslation();
  const failed = pending.status === 'failed';
  return (
    <Bubble
      own
      sender={t('chat.you')}
      content={pending.content}
      footer={
        failed ? (
          <>
            <span className="font-medium text-red-700">{t('chat.notSent')}</span>
            <button
              type="button"
              onClick={() => onRetry(pending.clientId)}
              className="inline-flex min-h-8 items-center gap-1 rounded-md px-2 font-medium text-brand-800 underline hover:bg-slate-100"
            >
              <RotateCcw aria-hidden="true" className="h-3.5 w-3.5" />
              {t('chat.retry')}
            </button>
          </>
        ) : (
          <span>{t('chat.sending')}</span>
        )
      }
    />
  );
}
