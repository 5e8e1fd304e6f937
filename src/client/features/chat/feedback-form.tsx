import { useId, useState, type FormEvent } from 'react';
import type { Conversation } from '../../../shared/schemas/chat';
import { useSchemas } from '../../lib/schemas';
import { toastInvalid } from '../../components/invalid-input';
import { Button } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/field';
import { useConversationFeedback } from '../../data/chat';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/** After a conversation is closed, its student may say whether it helped: private, read only by the admins. */
export function FeedbackForm({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const ids = useId();
  const [helpful, setHelpful] = useState<boolean | null>(null);
  const [note, setNote] = useState('');
  const send = useConversationFeedback({
    meta: { errorTitle: 'chat.feedbackFailed' },
    onSuccess: () => toast({ title: t('chat.feedbackThanks') }),
  });
  const { preload, withSchemas } = useSchemas('chat');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void withSchemas(({ conversationFeedbackSchema }) => {
      const parsed = conversationFeedbackSchema.safeParse({ helpful: helpful ?? undefined, note });
      if (!parsed.success) return toastInvalid('chat.feedbackFailed', parsed.error);
      send.mutate({ conversationId: conversation.id, input: parsed.data });
    });
  };
  const choice = (value: boolean, label: string) => (
    <label className="flex min-h-11 items-center gap-2 text-slate-900">
      <input
        type="radio"
        name={`${ids}-helpful`}
        checked={helpful === value}
        onChange={() => setHelpful(value)}
        className="h-5 w-5 accent-brand-700"
      />
      {label}
    </label>
  );
  return (
    <form onSubmit={onSubmit} onFocus={preload} noValidate className="border-t border-slate-200 px-3 py-2">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t('chat.feedbackTitle')}</legend>
        <p className="text-xs text-slate-600">{t('chat.feedbackText')}</p>
        <div className="flex flex-wrap items-center gap-x-4">
          {choice(true, t('chat.feedbackYes'))}
          {choice(false, t('chat.feedbackNo'))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${ids}-note`} className="block text-sm text-slate-800">
            {t('chat.feedbackNote')}
          </label>
          <input
            id={`${ids}-note`}
            className={inputClasses}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={1_000}
          />
        </div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('chat.feedbackSending') : t('chat.feedbackSend')}
        </Button>
      </div>
    </form>
  );
}
