import type { LanguageName } from '../../shared/schemas/languages';
import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import type { Locale } from '../../shared/constants';
import type { LocalResource, LocalResourcesResponse } from '../../shared/schemas/resources';
import type { HelpInLanguage } from '../../shared/schemas/help-in-language';
import { ApiError, api, isMissing, queryString } from '../lib/api';

export type { LocalResource, LocalResourcesResponse } from '../../shared/schemas/resources';

/** Find-help answers change only with a new release; the server lets them be kept this long too. */
export const HELP_STALE_MS = 5 * 60_000;

/** Where to look from: the browser's position, or a postcode the person typed or chose. */
export type Origin = { lat: number; lng: number } | { postcode: string };

/**
 * Browsing the whole directory: a state (or "all"), a category (or "all"), a search (or "") and a language spoken
 * (or "interpreter", or "all").
 */
export type DirectoryFilter = { state: string; category: string; q: string; language: string };

/** The server's message for a postcode it cannot place (400), shown under the postcode field. */
export function postcodeRefusal(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 400 ? error.message : undefined;
}

/** A refused postcode is the form's to show, not a toast. */
export const POSTCODE_SEARCH_META = { inPlaceStatus: 400 };

/**
 * Every find-help call names the reader's language in its URL (`lang=`), so the browser's HTTP cache keeps one
 * answer per language, and in its query key, so switching language asks again. "all" is no filter: never sent.
 */
export function helpQueryString(params: Record<string, string | number | undefined>, locale: Locale): string {
  return queryString({ ...params, lang: locale });
}

export const resourceKeys = {
  all: ['resources'] as const,
  near: (origin: Origin | null, category: string, locale: Locale) =>
    ['resources', 'near', origin, category, locale] as const,
  directory: (filter: DirectoryFilter, page: number, locale: Locale) =>
    ['resources', 'directory', filter, page, locale] as const,
};

function fetchNear(origin: Origin, category: string, locale: Locale) {
  const place =
    'postcode' in origin
      ? { postcode: origin.postcode }
      : { lat: origin.lat.toFixed(5), lng: origin.lng.toFixed(5) };
  return api<LocalResourcesResponse>(`/api/resources${helpQueryString({ ...place, category }, locale)}`);
}

/** The local organisations near an origin, of one category or "all"; nothing is asked before an origin. */
export function localResourcesQuery(origin: Origin | null, category: string, locale: Locale) {
  return queryOptions({
    queryKey: resourceKeys.near(origin, category, locale),
    queryFn: origin ? () => fetchNear(origin, category, locale) : skipToken,
    placeholderData: keepPreviousData,
    staleTime: HELP_STALE_MS,
    meta: {
      errorTitle: 'resources.detailsFailed',
      ...(origin && 'postcode' in origin ? POSTCODE_SEARCH_META : {}),
    },
  });
}

/** One page (1-based) of the whole directory, by state, suburb and name; counts are for the same state. */
export function directoryPageQuery(filter: DirectoryFilter, page: number, locale: Locale) {
  return queryOptions({
    queryKey: resourceKeys.directory(filter, page, locale),
    queryFn: () =>
      api<LocalResourcesResponse>(
        `/api/resources${helpQueryString({ ...filter, page: page > 1 ? page : undefined }, locale)}`,
      ),
    placeholderData: keepPreviousData,
    staleTime: HELP_STALE_MS,
    meta: { errorTitle: 'government.fetchFailed' },
  });
}

/** One organisation, for its own page, in the reader's language. */
export function organisationQuery(id: string, locale: Locale) {
  return queryOptions({
    queryKey: ['resources', 'one', id, locale] as const,
    queryFn: ({ signal }) =>
      api<LocalResource>(`/api/resources/${encodeURIComponent(id)}${helpQueryString({}, locale)}`, {
        signal,
      }),
  });
}

/** The organisation asked for is not in the directory (or its id is not one). */
export const organisationMissing = isMissing;

/** The ways to get help in Vietnamese in a state ("all": the national ones alone), in the reader's language. */
export function helpInLanguageQuery(language: LanguageName, state: string, locale: Locale) {
  return queryOptions({
    queryKey: ['resources', 'in-language', language, state, locale] as const,
    queryFn: ({ signal }) =>
      api<HelpInLanguage>(`/api/resources/in-language${helpQueryString({ state, language }, locale)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: HELP_STALE_MS,
  });
}
