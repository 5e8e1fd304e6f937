import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FEEDBACK_LIMITS, type FeedbackRating } from '../../../shared/chloe';
import type { ChatTurnInput } from '../../../shared/schemas/ai';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { useSendChloeFeedback } from '../../data/chloe';
import { cn } from '../../lib/cn';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import type { Message } from './use-chloe-chat';

/**
 * Thumbs up or down under one of Chloe's answers, then an optional reason and the choice to share the conversation
 * (off unless ticked): only then do the turns up to this answer go with the rating. Once sent, a thank-you stays
 * in place of the form.
 */
export function ChloeFeedback({
  message,
  conversation,
  onSent,
}: {
  message: Message;
  /** The turns up to and including this answer, asked for only when the person shares them. */
  conversation: () => ChatTurnInput[];
  onSent: (rating: FeedbackRating) => void;
}) {
  const { t, locale } = useTranslation();
  const id = useId();
  const [rating, setRating] = useState<FeedbackRating | null>(null);
  const [reason, setReason] = useState('');
  const [share, setShare] = useState(false);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const focusSent = useRef(false);
  useEffect(() => {
    if (message.feedback && focusSent.current) {
      focusSent.current = false;
      sentRef.current?.focus();
    }
  }, [message.feedback]);
  const send = useSendChloeFeedback({
    meta: { errorTitle: 'chloe.feedbackFailed' },
    onSuccess: (_data, body) => {
      toast({ title: t('chloe.feedbackThanks'), description: t('chloe.feedbackThanksText') });
      focusSent.current = true;
      onSent(body.rating);
    },
  });

  if (message.feedback)
    return (
      // Focus comes here from the form it replaces (tabIndex -1), so keyboard and screen reader users stay put.
      <p ref={sentRef} tabIndex={-1} className="mt-2 text-sm text-slate-700 outline-none">
        {t('chloe.feedbackSent')}
      </p>
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!rating || send.isPending) return;
    send.mutate({
      rating,
      reason: reason.trim() || undefined,
      sources: (message.sources ?? []).map((source) => source.url).slice(0, FEEDBACK_LIMITS.sourcesMax),
      ...(share ? { conversation: conversation() } : {}),
      // A thumbs down brings its question to Chloe's misses, on its own (the privacy note says so).
      ...(rating === 'down' && message.question ? { question: message.question } : {}),
      locale,
    });
  };

  const thumb = (value: FeedbackRating) => {
    const Icon = value === 'up' ? ThumbsUp : ThumbsDown;
    const pressed = rating === value;
    return (
      <button
        type="button"
        aria-pressed={pressed}
        aria-label={t(value === 'up' ? 'chloe.helpfulLabel' : 'chloe.notHelpfulLabel')}
        title={t(value === 'up' ? 'chloe.helpful' : 'chloe.notHelpful')}
        onClick={() => setRating(pressed ? null : value)}
        className={cn(
          'inline-flex h-11 w-11 items-center justify-center rounded-lg ring-1 ring-inset transition-colors',
          pressed
            ? 'bg-brand-700 text-white ring-brand-700 hover:bg-brand-800'
            : 'bg-white text-brand-800 ring-slate-300 hover:bg-slate-50',
        )}
      >
        <Icon aria-hidden="true" className="h-5 w-5" />
      </button>
    );
  };

  return (
    <div className="mt-2">
      <div role="group" aria-labelledby={`${id}-question`} className="flex flex-wrap items-center gap-2">
        <span id={`${id}-question`} className="text-sm text-slate-700">
          {t('chloe.feedbackQuestion')}
        </span>
        {thumb('up')}
        {thumb('down')}
      </div>
      {rating && (
        <form onSubmit={onSubmit} className="mt-3 space-y-3 rounded-xl border border-slate-200 bg-white p-3">
          <TextAreaField
            label={t('chloe.feedbackReason')}
            hint={t('chloe.feedbackReasonHint')}
            name="reason"
            rows={3}
            maxLength={FEEDBACK_LIMITS.reasonMax}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <div>
            <label className="flex items-start gap-3 text-slate-800">
              <input
                type="checkbox"
                name="share"
                checked={share}
                onChange={(event) => setShare(event.target.checked)}
                aria-describedby={`${id}-share-hint`}
                className="mt-0.5 h-6 w-6 shrink-0 accent-brand-700"
              />
              <span>{t('chloe.shareConversation')}</span>
            </label>
            <p id={`${id}-share-hint`} className="mt-1 pl-9 text-sm text-slate-600">
              {t('chloe.shareHint')}
            </p>
          </div>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? t('chloe.feedbackSending') : t('chloe.feedbackSend')}
          </Button>
        </form>
      )}
    </div>
  );
}
