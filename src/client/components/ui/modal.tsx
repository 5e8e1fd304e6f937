import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useTranslation } from '../../lib/i18n';
import { SafetyStrip } from '../safety-strip';

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and gives focus back
 * to the opener. A click on the backdrop closes it too. The dialog fills the screen: the safety strip (Quick exit)
 * on top, where the header shows it, and the panel below it, centred or down the left side.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  side = 'center',
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  side?: 'center' | 'left';
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The browser would focus the first control, Quick exit: one Enter too many must not leave.
      close.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      className="m-0 h-full max-h-none w-full max-w-none bg-transparent p-0 text-slate-900 backdrop:bg-black/50 open:flex open:flex-col"
    >
      {open && (
        <>
          <SafetyStrip />
          <div
            onClick={(event) => event.target === event.currentTarget && onClose()}
            className={cn('flex min-h-0 flex-1', side === 'center' && 'items-center justify-center p-4')}
          >
            <div
              className={cn(
                'flex max-h-full flex-col overflow-y-auto bg-white p-5 shadow-xl',
                side === 'left' ? 'h-full w-[85%] max-w-xs' : 'w-full max-w-md rounded-xl',
              )}
            >
              <div className="flex items-start justify-between gap-4">
                <h2 id={titleId} className="text-xl font-bold">
                  {title}
                </h2>
                <button
                  ref={close}
                  type="button"
                  onClick={onClose}
                  aria-label={t('common.close')}
                  className="rounded p-1 text-slate-700 hover:bg-slate-100"
                >
                  <X aria-hidden="true" className="h-5 w-5" />
                </button>
              </div>
              {description && (
                <p id={descriptionId} className="mt-2 text-slate-700">
                  {description}
                </p>
              )}
              {children}
            </div>
          </div>
        </>
      )}
    </dialog>
  );
}
