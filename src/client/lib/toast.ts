import { useSyncExternalStore } from 'react';
import { UI } from '../../shared/constants';

export type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' };
export type ToastItem = ToastInput & { id: number; open: boolean };

/** One toast at a time: a new one replaces the one on screen. */
let current: ToastItem | null = null;
let nextId = 1;
let removeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function toast(input: ToastInput) {
  clearTimeout(removeTimer);
  current = { ...input, id: nextId++, open: true };
  emit();
}

export function dismissToast(id: number) {
  if (!current || current.id !== id) return;
  current = { ...current, open: false };
  emit();
  // Radix animates the close; the item is dropped later, as the spec's remove delay says.
  removeTimer = setTimeout(() => {
    if (current?.id === id) {
      current = null;
      emit();
    }
  }, UI.toastRemoveDelayMs);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentToast(): ToastItem | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
