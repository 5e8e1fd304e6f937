import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const ADMIN_TABS = [
  'questions',
  'users',
  'reports',
  'mentors',
  'audit',
  'notices',
  'directory',
  'jobs',
  'chloe-feedback',
  'chloe-misses',
  'emails',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** A value from the address when it is one of `values`, else undefined (no filter). */
export function oneOf<T extends string>(values: readonly T[], value: string): T | undefined {
  return (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

export type ParamUpdate = Record<string, string | number | undefined>;

function isTab(value: string | null): value is AdminTab {
  return (ADMIN_TABS as readonly (string | null)[]).includes(value);
}

/**
 * The dashboard's state lives in the address: the tab (`?tab=reports`) and the open tab's filters, so a reload
 * shows the same list and Back returns to the tab before. Switching tabs is a new history entry and starts the tab
 * afresh; a filter replaces the entry.
 */
export function useAdminParams() {
  const [params, setParams] = useSearchParams();
  const tab: AdminTab = isTab(params.get('tab')) ? (params.get('tab') as AdminTab) : 'questions';

  const get = useCallback((key: string) => params.get(key) ?? '', [params]);

  /** Changes the open tab's filters; empty values and "all" are dropped. */
  const update = useCallback(
    (changes: ParamUpdate) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '' || value === 'all') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  /** Opens a tab, with filters of its own if given. */
  const open = useCallback(
    (next: AdminTab, filters: ParamUpdate = {}) => {
      const search = new URLSearchParams({ tab: next });
      for (const [key, value] of Object.entries(filters))
        if (value !== undefined) search.set(key, String(value));
      setParams(search);
    },
    [setParams],
  );

  return { tab, get, update, open };
}
