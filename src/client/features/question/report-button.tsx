import { Flag } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { REPORT_REASONS, reportSchema } from '../../../shared/schemas/questions';
import { toastInvalid } from '../../components/invalid-input';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { useLoginRequired } from '../../components/use-login-required';
import { useAuth } from '../../lib/auth';
import { useTranslation, type MessageKey } from '../../lib/i18n';
import { useReport, type Post } from '../../lib/posts';
import { toast } from '../../lib/toast';

const REASON_KEYS: Record<(typeof REPORT_REASONS)[number], MessageKey> = {
  spam: 'question.reasonSpam',
  abuse: 'question.reasonAbuse',
  misleading: 'question.reasonMisleading',
  'personal-information': 'question.reasonPersonal',
  other: 'question.reasonOther',
};

/** Report, and the dialog that asks why: a question or a reply goes to the moderators. */
export function ReportButton({ post }: { post: Post }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const loginRequired = useLoginRequired();
  const [open, setOpen] = useState(false);
  const report = useReport({
    meta: { errorTitle: 'question.reportFailed' },
    onSuccess: () => {
      toast({ title: t('question.reportSent') });
      setOpen(false);
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = reportSchema.safeParse({
      reason: form.get('reason'),
      details: String(form.get('details') ?? ''),
    });
    if (!parsed.success) return toastInvalid('question.reportFailed', parsed.error);
    report.mutate({ post, input: parsed.data });
  };
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => (user ? setOpen(true) : loginRequired('question.loginToReply'))}
      >
        <Flag aria-hidden="true" className="h-4 w-4" />
        {t('question.report')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('question.reportTitle')}
        description={t('question.reportText')}
      >
        <form onSubmit={onSubmit} className="mt-4 space-y-4">
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">{t('question.reportReason')}</legend>
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
          <TextAreaField label={t('question.reportDetails')} name="details" maxLength={1000} rows={3} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={report.isPending}>
              {t('question.sendReport')}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
