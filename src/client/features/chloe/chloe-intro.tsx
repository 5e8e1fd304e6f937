import { Phone } from 'lucide-react';
import { MARA_REGISTER_URL } from '../../../shared/constants';
import { buttonClasses } from '../../components/ui/button';
import { usePublicConfig } from '../../lib/config';
import { useTranslation } from '../../lib/i18n';
import { ChloeAvatar } from './chloe-avatar';

/** Who Chloe is (and a call link when one is configured), then what she cannot do. */
export function ChloeIntro() {
  const { t } = useTranslation();
  const callUrl = usePublicConfig()?.chloeCallUrl;
  return (
    <>
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-4">
        <ChloeAvatar />
        <div className="flex-1">
          <h2 className="text-lg font-semibold text-slate-900">{t('chloe.name')}</h2>
          <p className="flex items-center gap-1.5 text-sm text-slate-700">
            <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-green-600" />
            {t('chloe.online')}
          </p>
        </div>
        {callUrl && (
          <a
            href={callUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('secondary', 'sm')}
          >
            <Phone aria-hidden="true" className="h-4 w-4" />
            {t('chloe.call')}
            <span className="sr-only"> {t('nav.opensInNewTab')}</span>
          </a>
        )}
      </header>
      <p className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
        {t('chloe.disclaimer')}{' '}
        <a
          href={MARA_REGISTER_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium underline"
        >
          {t('chloe.disclaimerLink')}
          <span className="sr-only"> {t('nav.opensInNewTab')}</span>
        </a>
        .
      </p>
    </>
  );
}
