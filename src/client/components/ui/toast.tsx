import { Toast as RadixToast } from 'radix-ui';
import { X } from 'lucide-react';
import { useLayoutEffect } from 'react';
import { UI } from '../../../shared/constants';
import { cn } from '../../lib/cn';
import { useTranslation } from '../../lib/i18n';
import { dismissToast, useCurrentToast } from '../../lib/toast';

/**
 * Publishes the site header's height as `--header-height` while toasts are shown, so they sit just under it as
 * the demo bar or a wrapped line changes it.
 */
function useHeaderHeight() {
  useLayoutEffect(() => {
    const header = document.getElementById('site-header');
    if (!header || typeof ResizeObserver === 'undefined') return;
    const publish = () =>
      document.documentElement.style.setProperty('--header-height', `${header.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
}

/** Radix Toast: swipe right to dismiss, F8 jumps to it, announced politely (errors assertively). */
export default function Toaster() {
  const { t } = useTranslation();
  const item = useCurrentToast();
  useHeaderHeight();
  return (
    <RadixToast.Provider
      duration={UI.toastDurationMs}
      swipeDirection="right"
      swipeThreshold={UI.toastSwipeThreshold}
      label={t('toast.one')}
    >
      {item && (
        <RadixToast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'flex items-start gap-3 rounded-lg border p-4 shadow-lg data-[state=closed]:hidden data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            item.variant === 'destructive'
              ? 'border-red-800 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="flex-1 space-y-1">
            <RadixToast.Title className="font-semibold">{item.title}</RadixToast.Title>
            {item.description && (
              <RadixToast.Description className="text-sm">{item.description}</RadixToast.Description>
            )}
          </div>
          <RadixToast.Close aria-label={t('toast.close')} className="rounded p-1 hover:bg-black/10">
            <X aria-hidden="true" className="h-4 w-4" />
          </RadixToast.Close>
        </RadixToast.Root>
      )}
      <RadixToast.Viewport
        hotkey={[...UI.toastHotkey]}
        // Radix puts the hotkey's name where the text says {hotkey}.
        label={t('toast.region', { hotkey: '{hotkey}' })}
        // Just under the header: clear of the floating chat button and of the actions the reader just tapped.
        className="fixed top-(--header-height,4rem) right-0 z-[100] m-0 flex w-full list-none flex-col gap-2 p-4 md:max-w-[420px]"
      />
    </RadixToast.Provider>
  );
}
