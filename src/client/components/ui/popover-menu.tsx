import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { cn } from '../../lib/cn';
import { EARLY_MENU } from '../../../shared/early-taps';

/**
 * A disclosure: a button that shows a panel of links. Escape and a click outside close it (Escape
 * returns focus to the button); following a link closes it too. In the server's frame it opens before the app has
 * loaded (shared/early-taps.ts), and the app keeps it open when it takes over.
 */
export function PopoverMenu({
  label,
  trigger,
  triggerClassName,
  panelClassName,
  children,
}: {
  label: string;
  trigger: ReactNode;
  triggerClassName?: string;
  panelClassName?: string;
  children: ReactNode;
}) {
  // Open for the page it was opened on: a navigation closes it.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  // Opened in the frame before the app took it over: open it is.
  useEffect(() => {
    if (panel.current && !panel.current.hidden) setOpenOn(pathname);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the app takes the frame over
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        {...{ [EARLY_MENU]: '' }}
        onClick={() => setOpen(!open)}
        className={triggerClassName}
      >
        {trigger}
      </button>
      <div
        ref={panel}
        id={panelId}
        hidden={!open}
        onClick={(event) => (event.target as HTMLElement).closest('a,button') && setOpen(false)}
        className={cn(
          'absolute z-50 rounded-xl border border-slate-200 bg-white p-1 shadow-xl',
          panelClassName,
        )}
      >
        {children}
      </div>
    </div>
  );
}
