import type { FormEvent } from 'react';
import type { z } from 'zod';
import { REPORT_REASONS } from '../../shared/limits';
import type { reportSchema } from '../../shared/schemas/questions';
import { useSchemas } from '../lib/schemas';
import { useTranslation, type MessageKey } from '../lib/i18n';
import { toastInvalid } from './invalid-input';
import { Button } from './ui/button';
import { TextAreaField } from './ui/field';

export type ReportInput = z.output<typeof reportSchema>;

/** The words of each report reason, for the form and for the admins' queue. */
export const REASON_KEYS: Record<(typeof REPORT_REASONS)[number], MessageKey> = {
  spam: 'questions.reasonSpam',
  abuse: 'questions.reasonAbuse',
  misleading: 'questions.reasonMisleading',
  'personal-information': 'questions.reasonPersonal',
  other: 'questions.reasonOther',
};

/**
 * Why something is reported: a reason and optional details, checked with the shared schema. Used for questions,
 * replies, conversations and chat messages alike, so a reporter sees the same choices everywhere.
 */
export function ReportForm({
  failedTitle,
  pending,
  onSubmit,
  onCancel,
}: {
  /** The toast title when the input is refused. */
  failedTitle: MessageKey;
  pending: boolean;
  onSubmit: (input: ReportInput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { preload, withSchemas } = useSchemas('questions');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void withSchemas(({ reportSchema }) => {
      const parsed = reportSchema.safeParse({
        reason: form.get('reason'),
        details: String(form.get('details') ?? ''),
      });
      if (!parsed.success) return toastInvalid(failedTitle, parsed.error);
      onSubmit(parsed.data);
    });
  };
  return (
    <form onSubmit={submit} onFocus={preload} className="mt-4 space-y-4">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t('questions.reportReason')}</legend>
        {REPORT_REASONS.map((reason, index) => (
          <label key={reason} className="flex items-center gap-3 text-slate-800">
            <input
              type="radio"
              name="reason"
              value={reason}
              defaultChecked={index === 0}
              className="h-5 w-5"
            />
            {t(REASON_KEYS[reason])}
          </label>
        ))}
      </fieldset>
      <TextAreaField label={t('questions.reportDetails')} name="details" maxLength={1000} rows={3} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {t('questions.sendReport')}
        </Button>
      </div>
    </form>
  );
}
