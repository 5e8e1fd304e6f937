import { useRef, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { cn } from '../../lib/cn';

/**
 * The WAI-ARIA tabs pattern with automatic activation: one tab is in the Tab order, the arrow keys (and Home and
 * End) move to the others and open them. The tabs wrap onto several lines on a phone rather than scroll out of
 * sight. Only the open panel is rendered, so only the selected tab points at it.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  idPrefix,
  panelRef,
  children,
}: {
  label: string;
  tabs: readonly { id: T; label: string }[];
  selected: T;
  onSelect: (id: T) => void;
  idPrefix: string;
  panelRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (id: T) => `${idPrefix}-tab-${id}`;
  const panelId = `${idPrefix}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[target]!.id;
    onSelect(next);
    buttons.current.get(next)?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-2 border-b border-slate-200 pb-3"
      >
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={active}
              aria-controls={active ? panelId : undefined}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={cn(
                'h-10 rounded-full px-4 text-sm font-medium whitespace-nowrap ring-1 ring-inset',
                active
                  ? 'bg-brand-700 text-white ring-brand-700'
                  : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        ref={panelRef}
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(selected)}
        tabIndex={-1}
        className="pt-6 outline-none"
      >
        {children}
      </div>
    </div>
  );
}
