import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import type { Locale } from '../../shared/constants';
import type { ServiceStatusItem } from '../../shared/schemas/government';
import type { GovernmentResource, ResolvedPlace } from '../../shared/schemas/resources';
import { api } from '../lib/api';
import { HELP_STALE_MS, POSTCODE_SEARCH_META, helpQueryString } from './resources';

export type { GovernmentResource } from '../../shared/schemas/resources';

export type ServiceSearch = { keyword: string; category: string; state: string };
export type LocalSearch = { postcode: string; category: string; keyword: string };
type LocalServices = { place: ResolvedPlace; resources: GovernmentResource[] };

/** The official online services are checked by the server every few minutes; asking more often shows nothing new. */
const STATUS_REFRESH_MS = 5 * 60_000;

export const governmentKeys = {
  status: () => ['government', 'status'] as const,
  services: (search: ServiceSearch, locale: Locale) => ['government', 'resources', search, locale] as const,
  local: (search: LocalSearch | null, locale: Locale) => ['government', 'local', search, locale] as const,
};

/** Failures are shown in the status panel itself, not toasted. */
export function serviceStatusQuery() {
  return queryOptions({
    queryKey: governmentKeys.status(),
    queryFn: () => api<{ services: ServiceStatusItem[] }>('/api/government/status'),
    refetchInterval: STATUS_REFRESH_MS,
    staleTime: STATUS_REFRESH_MS,
  });
}

/** Every service matching a search, in the reader's language. */
export function governmentServicesQuery(search: ServiceSearch, locale: Locale) {
  return queryOptions({
    queryKey: governmentKeys.services(search, locale),
    queryFn: () =>
      api<{ resources: GovernmentResource[] }>(`/api/government/resources${helpQueryString(search, locale)}`),
    placeholderData: keepPreviousData,
    staleTime: HELP_STALE_MS,
    meta: { errorTitle: 'government.fetchFailed' },
  });
}

/** The services of a postcode's state and the national ones; nothing is asked before a postcode search. */
export function localServicesQuery(search: LocalSearch | null, locale: Locale) {
  return queryOptions({
    queryKey: governmentKeys.local(search, locale),
    queryFn: search
      ? () =>
          api<LocalServices>(
            `/api/government/local/${encodeURIComponent(search.postcode)}${helpQueryString({ category: search.category, keyword: search.keyword }, locale)}`,
          )
      : skipToken,
    staleTime: HELP_STALE_MS,
    meta: { errorTitle: 'government.localFetchFailed', ...POSTCODE_SEARCH_META },
  });
}
