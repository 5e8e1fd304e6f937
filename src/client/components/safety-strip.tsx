import { Info, LogOut } from 'lucide-react';
import { useId } from 'react';
import { usePublicConfig } from '../lib/config';
import { useTranslation } from '../lib/i18n';
import { QUICK_EXIT_BUTTON } from '../../shared/quick-exit';
import { leaveNow } from '../lib/quick-exit';

/** On a demo site, a plain note that its content is sample content: drawn again alone when the settings come. */
function DemoNotice() {
  const { t } = useTranslation();
  if (!usePublicConfig()?.demoMode) return null;
  return (
    <p className="flex min-w-0 items-center gap-1.5 text-xs leading-4 text-slate-700">
      <Info aria-hidden="true" className="hidden h-3.5 w-3.5 shrink-0 sm:block" />
      <span>{t('demoSite.notice')}</span>
    </p>
  );
}

/**
 * The strip at the top of every page: Quick exit on the right and, on a demo site, a plain note that its content is
 * sample content. The header holds it; an open dialog (ui/modal.tsx) holds it again, in the same place over the dimmed
 * page, since a modal dialog makes everything outside it inert: the header's Quick exit can then be neither tapped
 * nor reached by a screen reader.
 */
export function SafetyStrip() {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <div className="border-b border-slate-200 bg-slate-100">
      <div className="mx-auto flex min-h-10 max-w-7xl items-center gap-3 px-3 py-1 sm:px-6">
        <DemoNotice />
        <button
          type="button"
          {...{ [QUICK_EXIT_BUTTON]: '' }}
          onClick={() => leaveNow()}
          aria-describedby={hintId}
          title={t('quickExit.hint')}
          className="ml-auto inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md bg-slate-800 px-2.5 text-sm font-semibold whitespace-nowrap text-white hover:bg-slate-900 sm:px-3"
        >
          <LogOut aria-hidden="true" className="hidden h-4 w-4 sm:block" />
          {t('quickExit.button')}
        </button>
        <span id={hintId} className="sr-only">
          {t('quickExit.hint')}
        </span>
      </div>
    </div>
  );
}
