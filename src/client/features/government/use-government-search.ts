import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AUS_STATES, GOVERNMENT_CATEGORIES } from '../../../shared/directory';
import {
  governmentServicesQuery,
  localServicesQuery,
  type LocalSearch,
  type ServiceSearch,
} from '../../data/government';
import { useRevealResults } from '../../lib/focus';
import { useTranslation } from '../../lib/i18n';
import { postcodeRefusal } from '../../data/resources';

/** Results show this many at first, and this many more each time the reader asks: a phone's few screens. */
export const GOVERNMENT_PAGE_SIZE = 10;

/** The one search form: words, a category, and where: a state or a postcode (a postcode wins). */
export type GovernmentSearch = ServiceSearch & { postcode: string };

const EMPTY_SEARCH: GovernmentSearch = { keyword: '', category: 'all', state: 'all', postcode: '' };

const known = (values: readonly string[], value: string | null) =>
  value && values.includes(value) ? value : 'all';

/**
 * The search as the address holds it: `?keyword=&category=&state=`, or with `postcode=` for the services near a
 * postcode (`near=` was its category in links shared before the two forms became one), and `shown=`.
 */
function readSearch(params: URLSearchParams): { search: GovernmentSearch; shown: number } {
  const postcode = params.get('postcode')?.trim() ?? '';
  const search: GovernmentSearch = {
    keyword: params.get('keyword')?.trim() ?? '',
    category: known(GOVERNMENT_CATEGORIES, params.get('category') ?? (postcode ? params.get('near') : null)),
    state: postcode ? 'all' : known(AUS_STATES, params.get('state')),
    postcode,
  };
  const shown = Math.max(GOVERNMENT_PAGE_SIZE, Math.trunc(Number(params.get('shown'))) || 0);
  return { search, shown };
}

function writeSearch(search: GovernmentSearch, shown = GOVERNMENT_PAGE_SIZE) {
  const params = new URLSearchParams();
  if (search.keyword) params.set('keyword', search.keyword);
  if (search.category !== 'all') params.set('category', search.category);
  if (search.postcode) params.set('postcode', search.postcode);
  else if (search.state !== 'all') params.set('state', search.state);
  if (shown > GOVERNMENT_PAGE_SIZE) params.set('shown', String(shown));
  return params;
}

/**
 * The page's search: what is typed in the form (the draft) and what was last searched. A postcode search shows its
 * state's services, nearest first, and the national ones, in place of the general results (spec). What was
 * searched, and how many results are open, live in the address: Back, a reload and a shared link show the same list.
 */
export function useGovernmentSearch() {
  const { locale } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { search, shown } = readSearch(params);
  const [draft, setDraft] = useState<GovernmentSearch>(search);
  const apply = (next: GovernmentSearch, nextShown?: number) =>
    setParams(writeSearch(next, nextShown), { replace: true });

  const local: LocalSearch | null = search.postcode
    ? { postcode: search.postcode, category: search.category, keyword: search.keyword }
    : null;
  const localQuery = useQuery(localServicesQuery(local, locale));
  const postcodeError = postcodeRefusal(localQuery.error);
  // The general results are asked for only when they are shown: no postcode, or one that was refused.
  const { keyword, category, state } = search;
  const generalQuery = useQuery({
    ...governmentServicesQuery({ keyword, category, state }, locale),
    enabled: local === null || postcodeError !== undefined,
  });

  const localAnswer = postcodeError ? undefined : localQuery.data;
  const showingLocal = local !== null && !postcodeError;
  const active = showingLocal ? localQuery : generalQuery;
  const resources = showingLocal ? localAnswer?.resources : generalQuery.data?.resources;
  const headingRef = useRevealResults(local && JSON.stringify(local), localAnswer !== undefined);

  return {
    draft,
    setDraft,
    postcodeError,
    showingLocal,
    resources,
    shown,
    headingRef,
    showMore: () => apply(search, shown + GOVERNMENT_PAGE_SIZE),
    loading: active.isPending || (active.isFetching && !resources),
    failed: active.isError && !postcodeError && !resources,
    retry: () => void active.refetch(),
    place: localAnswer?.place,
    /** The state the results are for: the postcode's, or the one searched ("all" for none). */
    state: showingLocal && localAnswer ? localAnswer.place.state : search.state,
    search: () => {
      const postcode = draft.postcode.trim();
      apply({ ...draft, keyword: draft.keyword.trim(), postcode, state: postcode ? 'all' : draft.state });
    },
    showAll: () => {
      setDraft({ ...draft, postcode: '' });
      apply({ ...search, postcode: '' });
    },
    browseAll: () => {
      setDraft(EMPTY_SEARCH);
      apply(EMPTY_SEARCH);
    },
  };
}
