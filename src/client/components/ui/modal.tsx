import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useTranslation } from '../../lib/i18n';

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and gives focus back
 * to the opener. A click on the backdrop closes it too.
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
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onClick={(event) => event.target === event.currentTarget && onClose()}
      className={cn(
        'bg-white p-0 text-slate-900 shadow-xl backdrop:bg-black/50',
        side === 'left'
          ? 'fixed inset-y-0 left-0 m-0 h-full max-h-none w-[85%] max-w-xs'
          : 'm-auto w-[calc(100%-2rem)] max-w-md rounded-xl',
      )}
    >
      {open && (
        <div className="flex max-h-full flex-col p-5">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-xl font-bold">
              {title}
            </h2>
            <button
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
      )}
    </dialog>
  );
}
