import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useTranslation } from '../../lib/i18n';
import { SafetyStrip } from '../safety-strip';
import { EARLY_CLOSE, EARLY_DIALOG } from '../../../shared/early-taps';

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and gives focus back
 * to the opener. A click on the backdrop closes it too. The dialog fills the screen: the safety strip (Quick exit)
 * on top, where the header shows it, and the panel below it, centred or down the left side.
 *
 * `openedEarly` draws it whole while closed, so that the page the server draws carries it and its button can open
 * it before the app has loaded (`EARLY_DIALOG`, shared/early-taps.ts); the app, finding it so opened as it takes
 * over, calls `openedEarly` and keeps it open.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  side = 'center',
  id,
  openedEarly,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  side?: 'center' | 'left';
  id?: string;
  openedEarly?: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const takenOver = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Opened in the frame before the app took it over: open it is, and its opener is told so.
    const early = !takenOver.current && !open && dialog.open;
    takenOver.current = true;
    if (early && openedEarly) {
      openedEarly();
      return;
    }
    if (open && !dialog.open) {
      dialog.showModal();
      // The browser would focus the first control, Quick exit: one Enter too many must not leave.
      close.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as `open` changes; `openedEarly` matters once, at first
  }, [open]);

  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      className="m-0 h-full max-h-none w-full max-w-none bg-transparent p-0 text-slate-900 backdrop:bg-black/50 open:flex open:flex-col"
    >
      {(open || openedEarly) && (
        <>
          <SafetyStrip />
          <div
            onClick={(event) => event.target === event.currentTarget && onClose()}
            {...{ [EARLY_CLOSE]: '' }}
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
                  {...{ [EARLY_CLOSE]: '' }}
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

/**
 * A dialog that opens from the first paint (decision 066): its state, the attributes of the button that opens it
 * (`trigger`), and those of its `Modal` (`modal`), drawn whole while closed and kept open when the app finds it so.
 */
export function useEarlyDialog() {
  const [open, setOpen] = useState(false);
  const id = useId();
  return {
    open,
    setOpen,
    trigger: {
      'aria-haspopup': 'dialog',
      'aria-controls': id,
      [EARLY_DIALOG]: '',
      onClick: () => setOpen(true),
    } as const,
    modal: { id, open, onClose: () => setOpen(false), openedEarly: () => setOpen(true) },
  };
}
