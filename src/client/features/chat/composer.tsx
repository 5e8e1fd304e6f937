import { Send } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { sendOnEnter } from '../../components/send-on-enter';
import { CHAT_LIMITS } from '../../../shared/limits';
import { toastInvalid } from '../../components/invalid-input';
import { useGrowToFit } from '../../components/use-grow-to-fit';
import { Button } from '../../components/ui/button';
import { useTranslation } from '../../lib/i18n';
import { useSchemas } from '../../lib/schemas';

/** Shown once a message is this close to the limit, so a long paste is not cut off unnoticed. */
const COUNT_FROM = CHAT_LIMITS.contentMax - 200;

/**
 * The message box: one line that grows to five as it fills. Enter sends, Shift+Enter starts a new line, a blank
 * message is not sent. While the
 * conversation is closed or blocked it is locked, with `lockedNotice` saying why.
 */
export function Composer({
  onSend,
  onTyping,
  lockedNotice,
}: {
  onSend: (content: string) => void;
  onTyping?: () => void;
  lockedNotice?: string;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  useGrowToFit(box, value);
  const id = useId();
  const hintId = `${id}-hint`;
  const locked = Boolean(lockedNotice);
  const blank = !value.trim();

  const { preload, withSchemas } = useSchemas('chat');
  const send = () => {
    if (locked || blank) return;
    void withSchemas(({ messageContentSchema }) => {
      const parsed = messageContentSchema.safeParse(value);
      if (!parsed.success) return toastInvalid('chat.sendFailed', parsed.error);
      onSend(parsed.data);
      // What was typed while the schema loaded stays.
      setValue((current) => (current === value ? '' : current));
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  if (lockedNotice)
    return (
      <p role="status" className="border-t border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
        {lockedNotice}
      </p>
    );

  const left = CHAT_LIMITS.contentMax - value.length;
  return (
    <form
      onSubmit={onSubmit}
      onFocus={preload}
      className="flex items-end gap-2 border-t border-slate-200 p-3"
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          {t('chat.messageLabel')}
        </label>
        <textarea
          id={id}
          ref={box}
          rows={1}
          value={value}
          maxLength={CHAT_LIMITS.contentMax}
          placeholder={t('chat.messagePlaceholder')}
          aria-describedby={hintId}
          onChange={(event) => {
            setValue(event.target.value);
            if (event.target.value.trim()) onTyping?.();
          }}
          onKeyDown={sendOnEnter(send)}
          className="block w-full resize-none rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600"
        />
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {value.length >= COUNT_FROM ? t('chat.charactersLeft', { count: left }) : t('chat.inputHint')}
        </p>
      </div>
      <Button type="submit" disabled={blank} className="mb-5 shrink-0" aria-label={t('chat.send')}>
        <Send aria-hidden="true" className="h-4 w-4" />
        <span className="hidden sm:inline">{t('chat.send')}</span>
      </Button>
    </form>
  );
}
