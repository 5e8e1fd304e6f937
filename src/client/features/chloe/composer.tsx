import { Send, Square } from 'lucide-react';
import type { FormEvent, RefObject } from 'react';
import { sendOnEnter } from '../../components/send-on-enter';
import { CHAT_LIMITS } from '../../../shared/chloe';
import { Button } from '../../components/ui/button';
import { useGrowToFit } from '../../components/use-grow-to-fit';
import { useTranslation } from '../../lib/i18n';

/**
 * The message box, one line that grows to five: Enter sends, Shift+Enter adds a line; Stop shows while an answer is
 * on its way.
 */
export function Composer({
  value,
  onChange,
  onSend,
  onStop,
  pending,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  pending: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useTranslation();
  useGrowToFit(inputRef, value);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSend();
  };
  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-slate-200 p-3 sm:p-4">
      <div className="min-w-0 flex-1">
        <label htmlFor="chloe-input" className="sr-only">
          {t('chloe.inputLabel')}
        </label>
        <textarea
          id="chloe-input"
          ref={inputRef}
          rows={1}
          value={value}
          maxLength={CHAT_LIMITS.messageMax}
          placeholder={t('chloe.placeholder')}
          disabled={pending}
          aria-describedby="chloe-input-hint"
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={sendOnEnter(onSend)}
          className="block w-full resize-none rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 disabled:bg-slate-100"
        />
        <p id="chloe-input-hint" className="mt-1 text-xs text-slate-600">
          {t('chloe.inputHint')}
        </p>
      </div>
      {pending && (
        <Button variant="secondary" onClick={onStop} className="mb-5">
          <Square aria-hidden="true" className="h-4 w-4" />
          <span className="max-sm:sr-only">{t('chloe.stop')}</span>
        </Button>
      )}
      <Button type="submit" disabled={pending || !value.trim()} className="mb-5">
        <Send aria-hidden="true" className="h-4 w-4" />
        <span className="max-sm:sr-only">{t('chloe.send')}</span>
      </Button>
    </form>
  );
}
