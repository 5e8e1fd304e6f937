import '../lib/page-texts';
import { WifiOff } from 'lucide-react';
import { formatDateTime } from '../lib/format';
import { useTranslation } from '../lib/i18n';

/**
 * What the offline banner says: what still opens, what needs a connection, and when the copies shown were saved.
 * Loaded only when there is something to say.
 */
export default function OfflineBanner({ online, savedAt }: { online: boolean; savedAt: string | null }) {
  const { t, locale } = useTranslation();
  return (
    <div className="border-b border-amber-300 bg-amber-50">
      <div className="mx-auto flex max-w-7xl items-start gap-2 px-3 py-2 text-sm text-amber-950 sm:px-6">
        <WifiOff aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        <p>
          <strong className="font-semibold">{t(online ? 'offline.noServer' : 'offline.title')}</strong>{' '}
          {t('offline.text')}
          {savedAt && <> {t('offline.saved', { time: formatDateTime(savedAt, locale) })}</>}
        </p>
      </div>
    </div>
  );
}
