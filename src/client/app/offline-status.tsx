import { lazy, Suspense, type ComponentType } from 'react';
import { withTexts } from '../lib/i18n';
import { useOffline } from '../lib/offline';

type BannerProps = { online: boolean; savedAt: string | null };

/** Loaded when there is something to say; without its chunk (no connection, nothing kept) there is nothing to show. */
const OfflineBanner = lazy<ComponentType<BannerProps>>(() =>
  withTexts(import('./offline-banner')).catch(() => ({ default: () => null })),
);

/**
 * Says so when there is no connection or the page shows copies kept from an earlier visit (app/offline-banner.tsx).
 * The live region is always there, so the change is read out.
 */
export function OfflineStatus() {
  const { online, savedAt } = useOffline();
  return (
    <div role="status">
      {(!online || savedAt) && (
        <Suspense fallback={null}>
          <OfflineBanner online={online} savedAt={savedAt} />
        </Suspense>
      )}
    </div>
  );
}
