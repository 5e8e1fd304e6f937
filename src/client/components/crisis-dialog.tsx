import { LifeBuoy, Phone } from 'lucide-react';
import { CRISIS_LINES } from '../../shared/constants';
import { useTranslation } from '../lib/i18n';
import { buttonClasses } from './ui/button';
import { Modal, useEarlyDialog } from './ui/modal';

/** Crisis numbers, one tap from every screen, from the first paint (decision 066). */
export function CrisisDialog() {
  const { t } = useTranslation();
  const { trigger, modal } = useEarlyDialog();
  return (
    <>
      <button type="button" className={buttonClasses('crisis', 'sm')} {...trigger}>
        <LifeBuoy aria-hidden="true" className="h-4 w-4" />
        {/* On a phone the header has room for "SOS" beside the language and Sign In; the name keeps both words. */}
        <span className="sm:hidden">SOS</span>
        <span className="sr-only sm:not-sr-only">{t('crisis.button')}</span>
      </button>
      <Modal {...modal} title={t('crisis.title')} description={t('crisis.text')}>
        <ul className="mt-4 space-y-3">
          {CRISIS_LINES.map((line) => (
            <li key={line.id}>
              <a
                href={`tel:${line.tel}`}
                className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50"
              >
                <Phone aria-hidden="true" className="h-5 w-5 shrink-0 text-red-700" />
                <span className="flex-1">
                  <span className="block text-lg font-bold text-slate-900">{line.number}</span>
                  <span className="block text-sm text-slate-700">{t(`crisis.${line.id}`)}</span>
                </span>
                <span className="sr-only">{t('crisis.call', { number: line.number })}</span>
              </a>
            </li>
          ))}
        </ul>
      </Modal>
    </>
  );
}
