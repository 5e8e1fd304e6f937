import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import type { LocalResourcesResponse } from '../../shared/schemas/resources';
import { ApiError, api } from './api';

/** Find-help answers change only with a new release; the server lets them be kept this long too. */
export const HELP_STALE_MS = 5 * 60_000;

/** Where to look from: the browser's position, or a postcode the person typed or chose. */
export type Origin = { lat: number; lng: number } | { postcode: string };

/** The server's message for a postcode it cannot place (400), shown under the postcode field. */
export function postcodeRefusal(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 400 ? error.message : undefined;
}

/** A refused postcode is the form's to show, not a toast. */
export const POSTCODE_SEARCH_META = { inPlaceStatus: 400 };

export const resourceKeys = {
  near: (origin: Origin | null, category: string) => ['resources', origin, category] as const,
};

function fetchNear(origin: Origin, category: string) {
  const params = new URLSearchParams();
  if ('postcode' in origin) params.set('postcode', origin.postcode);
  else {
    params.set('lat', origin.lat.toFixed(5));
    params.set('lng', origin.lng.toFixed(5));
  }
  if (category !== 'all') params.set('category', category);
  return api<LocalResourcesResponse>(`/api/resources?${params.toString()}`);
}

/** The local organisations near an origin, of one category or "all"; nothing is asked before an origin. */
export function localResourcesQuery(origin: Origin | null, category: string) {
  return queryOptions({
    queryKey: resourceKeys.near(origin, category),
    queryFn: origin ? () => fetchNear(origin, category) : skipToken,
    placeholderData: keepPreviousData,
    staleTime: HELP_STALE_MS,
    meta: {
      errorTitle: 'resources.detailsFailed',
      ...(origin && 'postcode' in origin ? POSTCODE_SEARCH_META : {}),
    },
  });
}
