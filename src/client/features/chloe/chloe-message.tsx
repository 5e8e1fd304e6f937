import { MessageCircle, RotateCcw, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { FeedbackRating } from '../../../shared/chloe';
import type { ChatSource, ChatTurnInput } from '../../../shared/schemas/ai';
import { Markdown } from '../../components/markdown';
import { Button, buttonClasses } from '../../components/ui/button';
import { useNow } from '../../lib/clock';
import { relativeTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { ChloeAvatar } from './chloe-avatar';
import { ChloeFeedback } from './chloe-feedback';
import type { Message } from './use-chloe-chat';

function TypingDots() {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-1 py-1" role="status">
      <span className="sr-only">{t('chloe.typing')}</span>
      {[0, 1, 2].map((i) => (
        <span
          key={i}
          aria-hidden="true"
          className="h-2 w-2 animate-bounce rounded-full bg-slate-500"
          style={{ animationDelay: `${i * 150}ms` }}
        />
      ))}
    </span>
  );
}

/** The pages an answer is grounded in: links inside the site stay in this tab. */
function Sources({ sources }: { sources: ChatSource[] }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 border-t border-slate-300 pt-2 text-sm">
      <h3 className="font-semibold">{t('chloe.sources')}</h3>
      <ol className="mt-1 list-decimal space-y-1 pl-5">
        {sources.map((source) => (
          <li key={source.url}>
            <a
              href={source.url}
              {...(source.url.startsWith('/') ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
              className="underline"
            >
              {source.title}
            </a>
          </li>
        ))}
      </ol>
    </div>
  );
}

function SentAt({ at, className }: { at: Date; className: string }) {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <time className={className} dateTime={at.toISOString()}>
      {relativeTime(at, t, now)}
    </time>
  );
}

export function UserMessage({ message }: { message: Message }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-end">
      <div className="max-w-[85%] rounded-2xl rounded-tr-sm bg-brand-700 px-4 py-3 whitespace-pre-wrap text-white">
        <span className="sr-only">{t('chloe.you')}: </span>
        {message.content}
      </div>
      <SentAt at={message.at} className="mt-1 text-xs text-slate-600" />
    </div>
  );
}

/** Chloe had nothing on the question: the ways to ask a person, the community or a mentor. */
function AskAPerson({ onAsk }: { onAsk: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mt-2 rounded-xl border border-brand-100 bg-brand-50 p-3">
      <p className="text-sm text-slate-800">{t('chloe.askPerson')}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button onClick={onAsk}>
          <Users aria-hidden="true" className="h-5 w-5" />
          {t('chloe.askCommunity')}
        </Button>
        <Link to="/chat" className={buttonClasses('secondary')}>
          <MessageCircle aria-hidden="true" className="h-5 w-5" />
          {t('chloe.talkToMentor')}
        </Link>
      </div>
    </div>
  );
}

/**
 * One of Chloe's answers: typing dots until the first words, then Markdown, its sources, and Retry if it failed.
 * A finished answer can be rated; one that found nothing offers to ask a person.
 */
export function ChloeMessage({
  message,
  pending,
  onRetry,
  onAsk,
  onRated,
  conversation,
}: {
  message: Message;
  pending: boolean;
  onRetry: (message: Message) => void;
  /** Opens the Ask a Question dialog with this question (`afterAnswer`: Chloe did answer it). */
  onAsk: (question: string, afterAnswer: boolean) => void;
  onRated: (id: number, rating: FeedbackRating) => void;
  /** The turns up to and including this answer. */
  conversation: () => ChatTurnInput[];
}) {
  const { t } = useTranslation();
  const finished = message.status === 'done' && message.content.length > 0;
  return (
    <div className="flex gap-3">
      <ChloeAvatar />
      <div className="min-w-0 max-w-[85%]">
        <div className="rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-3 text-slate-900">
          <span className="sr-only">{t('chloe.name')}: </span>
          {message.content ? (
            <Markdown text={message.content} />
          ) : (
            message.status === 'streaming' && <TypingDots />
          )}
          {message.status === 'stopped' && (
            <p className="mt-2 text-sm text-slate-600">{t('chloe.stopped')}</p>
          )}
          {message.sources && message.sources.length > 0 && <Sources sources={message.sources} />}
        </div>
        <div className="mt-1 flex items-center gap-2">
          <SentAt at={message.at} className="text-xs text-slate-600" />
          {message.status === 'failed' && (
            <Button variant="secondary" size="sm" onClick={() => onRetry(message)} disabled={pending}>
              <RotateCcw aria-hidden="true" className="h-4 w-4" />
              {t('chloe.retry')}
            </Button>
          )}
        </div>
        {finished && message.nothingFound && message.question && (
          <AskAPerson onAsk={() => onAsk(message.question!, false)} />
        )}
        {finished && (
          <ChloeFeedback
            message={message}
            conversation={conversation}
            onSent={(rating) => onRated(message.id, rating)}
          />
        )}
        {finished && !message.nothingFound && message.question && (
          <Button variant="ghost" size="sm" className="mt-1" onClick={() => onAsk(message.question!, true)}>
            <Users aria-hidden="true" className="h-4 w-4" />
            {t('chloe.stillNeedHelp')}
          </Button>
        )}
      </div>
    </div>
  );
}
