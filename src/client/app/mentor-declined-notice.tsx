import '../lib/page-texts';
import { Info } from 'lucide-react';
import { Button } from '../components/ui/button';
import { useDismissMentorNotice } from '../data/account';
import { useTranslation } from '../lib/i18n';

/**
 * Shown to a person whose mentor application an admin declined, until they say they have read it. Loaded on its
 * own (see layout.tsx) with the screens' texts, so no one else's first page carries it.
 */
export default function MentorDeclinedNotice({ reason }: { reason: string }) {
  const { t } = useTranslation();
  const dismiss = useDismissMentorNotice({
    meta: { errorTitle: 'admin.declined.failed' },
    // The button goes with the notice: the reader carries on at the page's content.
    onSuccess: () => document.getElementById('main')?.focus({ preventScroll: true }),
  });
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:px-6">
        <Info aria-hidden="true" className="mt-0.5 hidden h-5 w-5 shrink-0 text-amber-800 sm:block" />
        <div className="min-w-0 flex-1 space-y-1 text-slate-900 wrap-break-word">
          <p className="font-semibold">{t('admin.declined.title')}</p>
          <p>{t('admin.declined.text')}</p>
          <p className="pt-1 font-medium">{t('admin.declined.reason')}</p>
          <p className="border-l-4 border-amber-300 pl-3 whitespace-pre-line">{reason}</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate()}
        >
          {t('admin.declined.gotIt')}
        </Button>
      </div>
    </div>
  );
}
