import { Flag } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { australianToday } from '../../shared/australian-date';
import { DIRECTORY_PROBLEMS, reviewState, type DirectoryEntryType } from '../../shared/directory';
import { DIRECTORY_REPORT_NOTE_MAX } from '../../shared/limits';
import { useSchemas } from '../lib/schemas';
import { useReportOutdated } from '../data/directory';
import { useTranslation, type MessageKey } from '../lib/i18n';
import { toast } from '../lib/toast';
import { toastInvalid } from './invalid-input';
import { Button } from './ui/button';
import { TextAreaField } from './ui/field';
import { Modal } from './ui/modal';

/** The words of each problem, for the form and for the admins' queue. */
export const PROBLEM_KEYS: Record<(typeof DIRECTORY_PROBLEMS)[number], MessageKey> = {
  closed: 'directory.problems.closed',
  phone: 'directory.problems.phone',
  address: 'directory.problems.address',
  hours: 'directory.problems.hours',
  languages: 'directory.problems.languages',
  website: 'directory.problems.website',
  other: 'directory.problems.other',
};

/** The form of the dialog: mounted only while the dialog is open. */
function ReportOutdatedForm({
  type,
  id,
  onDone,
}: {
  type: DirectoryEntryType;
  id: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const report = useReportOutdated({
    meta: { errorTitle: 'directory.report.failed' },
    onSuccess: () => {
      toast({ title: t('directory.report.sent') });
      onDone();
    },
  });
  const { preload, withSchemas } = useSchemas('directory');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void withSchemas(({ directoryReportSchema }) => {
      const parsed = directoryReportSchema.safeParse({
        problem: form.get('problem') ?? undefined,
        note: String(form.get('note') ?? ''),
      });
      if (!parsed.success) return toastInvalid('directory.report.failed', parsed.error);
      report.mutate({ type, id, ...parsed.data });
    });
  };
  return (
    <form onSubmit={submit} onFocus={preload} noValidate className="mt-4 space-y-4">
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-800">{t('directory.report.problem')}</legend>
        {DIRECTORY_PROBLEMS.map((problem) => (
          <label key={problem} className="flex min-h-11 items-center gap-3 text-slate-800">
            <input type="radio" name="problem" value={problem} className="h-5 w-5" />
            {t(PROBLEM_KEYS[problem])}
          </label>
        ))}
      </fieldset>
      <TextAreaField
        label={t('directory.report.note')}
        hint={t('directory.report.noteHint')}
        name="note"
        maxLength={DIRECTORY_REPORT_NOTE_MAX}
        rows={3}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('directory.report.cancel')}
        </Button>
        <Button type="submit" disabled={report.isPending}>
          {report.isPending ? t('directory.report.sending') : t('directory.report.send')}
        </Button>
      </div>
    </form>
  );
}

/**
 * "Report outdated information" on an organisation or a government service: what is wrong and, optionally, what
 * is right. No account needed; it goes to the admins' queue.
 */
export function ReportOutdated({ type, id, name }: { type: DirectoryEntryType; id: string; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="self-start"
        aria-label={t('directory.report.openLabel', { name })}
        onClick={() => setOpen(true)}
      >
        <Flag aria-hidden="true" className="h-4 w-4" />
        {t('directory.report.open')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('directory.report.title')}
        description={t('directory.report.text', { name })}
      >
        {open && <ReportOutdatedForm type={type} id={id} onDone={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

/** Said on a card whose facts were last checked more than 24 months ago. */
export function StaleNotice({ lastReviewed }: { lastReviewed: string }) {
  const { t } = useTranslation();
  if (reviewState(lastReviewed, australianToday()) !== 'stale') return null;
  return (
    <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      {t('directory.stale')}
    </p>
  );
}
