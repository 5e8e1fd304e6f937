import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../shared/constants';

/** "My list": organisations a reader saved, kept on this device only (no account), newest first. */
export type SavedOrganisation = { id: string; name: string };

/** A list is for the few places a person means to go back to; it also bounds what one device keeps. */
export const MY_LIST_MAX = 50;

const listeners = new Set<() => void>();
/** The stored text and the list read from it, so a snapshot is the same array until the text changes. */
let kept: { raw: string | null; list: SavedOrganisation[] } = { raw: null, list: [] };
let leaving = false;

function isSaved(value: unknown): value is SavedOrganisation {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SavedOrganisation).id === 'string' &&
    typeof (value as SavedOrganisation).name === 'string'
  );
}

function parse(raw: string | null): SavedOrganisation[] {
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isSaved).slice(0, MY_LIST_MAX) : [];
  } catch {
    // An unreadable value: an empty list, never a broken page.
    return [];
  }
}

const EMPTY: SavedOrganisation[] = [];
/** The list as this device keeps it now (another tab may have changed it). */
function snapshot(): SavedOrganisation[] {
  let raw: string | null = kept.raw;
  try {
    raw = globalThis.localStorage?.getItem(STORAGE_KEYS.myList) ?? null;
  } catch {
    // Storage blocked: the list kept in this page.
  }
  if (raw !== kept.raw) kept = { raw, list: parse(raw) };
  return kept.list;
}

function write(next: SavedOrganisation[]) {
  const raw = next.length ? JSON.stringify(next) : null;
  kept = { raw, list: next };
  try {
    if (raw) globalThis.localStorage?.setItem(STORAGE_KEYS.myList, raw);
    else globalThis.localStorage?.removeItem(STORAGE_KEYS.myList);
  } catch {
    // Storage blocked or full: the list lasts as long as the page.
  }
  listeners.forEach((listener) => listener());
}

/** A reader's change: none once quick exit has begun. */
function change(next: SavedOrganisation[]) {
  if (!leaving) write(next);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the list.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.myList || event.key === null) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

/** Removes the list from this device: on quick exit, and nothing writes it again while the page goes. */
export function forgetMyList({ leavingNow = false } = {}): void {
  write([]);
  if (leavingNow) leaving = true;
}

/**
 * The saved organisations, and the ways to change them. `toggle` answers what it did; a full list saves nothing.
 */
export function useMyList() {
  const list = useSyncExternalStore(subscribe, snapshot, () => EMPTY);
  return {
    list,
    has: (id: string) => list.some((saved) => saved.id === id),
    toggle(organisation: SavedOrganisation): 'saved' | 'removed' | 'full' {
      const current = snapshot();
      if (current.some((saved) => saved.id === organisation.id)) {
        change(current.filter((saved) => saved.id !== organisation.id));
        return 'removed';
      }
      if (current.length >= MY_LIST_MAX) return 'full';
      change([{ id: organisation.id, name: organisation.name }, ...current]);
      return 'saved';
    },
    remove: (id: string) => change(snapshot().filter((saved) => saved.id !== id)),
    clear: () => change([]),
  };
}
