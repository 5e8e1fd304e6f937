import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import type { ServiceStatusItem } from '../../shared/schemas/government';
import type { GovernmentService, ResolvedPlace } from '../../shared/schemas/resources';
import { api } from './api';
import { HELP_STALE_MS, POSTCODE_SEARCH_META } from './resources';

export type ServiceSearch = { keyword: string; category: string; state: string };
export type LocalSearch = { postcode: string; category: string };
type LocalServices = { place: ResolvedPlace; resources: GovernmentService[] };

/** The official online services are checked by the server every few minutes; asking more often shows nothing new. */
const STATUS_REFRESH_MS = 5 * 60_000;

export const governmentKeys = {
  status: () => ['government', 'status'] as const,
  services: (search: ServiceSearch, locale: string) => ['government', 'resources', search, locale] as const,
  local: (search: LocalSearch | null, locale: string) => ['government', 'local', search, locale] as const,
};

/** "all" is no filter: it is never sent (spec). */
function queryString(params: Record<string, string>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value && value !== 'all') search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Failures are shown in the status panel itself, not toasted. */
export function serviceStatusQuery() {
  return queryOptions({
    queryKey: governmentKeys.status(),
    queryFn: () => api<{ services: ServiceStatusItem[] }>('/api/government/status'),
    refetchInterval: STATUS_REFRESH_MS,
    staleTime: STATUS_REFRESH_MS,
  });
}

export function governmentServicesQuery(search: ServiceSearch, locale: string) {
  return queryOptions({
    queryKey: governmentKeys.services(search, locale),
    queryFn: () => api<{ resources: GovernmentService[] }>(`/api/government/resources${queryString(search)}`),
    placeholderData: keepPreviousData,
    staleTime: HELP_STALE_MS,
    meta: { errorTitle: 'government.fetchFailed' },
  });
}

/** The services of a postcode's state and the national ones; nothing is asked before a postcode search. */
export function localServicesQuery(search: LocalSearch | null, locale: string) {
  return queryOptions({
    queryKey: governmentKeys.local(search, locale),
    queryFn: search
      ? () =>
          api<LocalServices>(
            `/api/government/local/${encodeURIComponent(search.postcode)}${queryString({ category: search.category })}`,
          )
      : skipToken,
    staleTime: HELP_STALE_MS,
    meta: { errorTitle: 'government.localFetchFailed', ...POSTCODE_SEARCH_META },
  });
}
