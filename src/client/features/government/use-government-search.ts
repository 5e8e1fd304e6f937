import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AUS_STATES, GOVERNMENT_CATEGORIES } from '../../../shared/directory';
import {
  governmentServicesQuery,
  localServicesQuery,
  type LocalSearch,
  type ServiceSearch,
} from '../../lib/government';
import { useTranslation } from '../../lib/i18n';
import { postcodeRefusal } from '../../lib/resources';

/** Results show this many at first, and this many more each time the reader asks. */
export const GOVERNMENT_PAGE_SIZE = 20;

const EMPTY_SEARCH: ServiceSearch = { keyword: '', category: 'all', state: 'all' };
const EMPTY_LOCAL: LocalSearch = { postcode: '', category: 'all' };

const known = (values: readonly string[], value: string | null) =>
  value && values.includes(value) ? value : 'all';

/** The searches as the address holds them: `?keyword=&category=&state=`, or `?postcode=&near=` for a local one. */
function readSearches(params: URLSearchParams) {
  const general: ServiceSearch = {
    keyword: params.get('keyword')?.trim() ?? '',
    category: known(GOVERNMENT_CATEGORIES, params.get('category')),
    state: known(AUS_STATES, params.get('state')),
  };
  const postcode = params.get('postcode')?.trim();
  const local: LocalSearch | null = postcode
    ? { postcode, category: known(GOVERNMENT_CATEGORIES, params.get('near')) }
    : null;
  const shown = Math.max(GOVERNMENT_PAGE_SIZE, Math.trunc(Number(params.get('shown'))) || 0);
  return { general, local, shown };
}

function writeSearches(general: ServiceSearch, local: LocalSearch | null, shown = GOVERNMENT_PAGE_SIZE) {
  const params = new URLSearchParams();
  if (general.keyword) params.set('keyword', general.keyword);
  if (general.category !== 'all') params.set('category', general.category);
  if (general.state !== 'all') params.set('state', general.state);
  if (local) {
    params.set('postcode', local.postcode);
    if (local.category !== 'all') params.set('near', local.category);
  }
  if (shown > GOVERNMENT_PAGE_SIZE) params.set('shown', String(shown));
  return params;
}

/**
 * The two searches of the page: what is typed in each form (drafts) and what was last searched. Local results
 * replace the general ones whenever a postcode search is on (spec). What was searched, and how many results are
 * open, live in the address, so a reload or Back shows the same list.
 */
export function useGovernmentSearch() {
  const { locale } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { general, local, shown } = readSearches(params);
  const [draft, setDraft] = useState<ServiceSearch>(general);
  const [localDraft, setLocalDraft] = useState<LocalSearch>(local ?? EMPTY_LOCAL);
  const search = (nextGeneral: ServiceSearch, nextLocal: LocalSearch | null, nextShown?: number) =>
    setParams(writeSearches(nextGeneral, nextLocal, nextShown), { replace: true });

  const generalQuery = useQuery(governmentServicesQuery(general, locale));
  const localQuery = useQuery(localServicesQuery(local, locale));

  const postcodeError = postcodeRefusal(localQuery.error);
  const localAnswer = postcodeError ? undefined : localQuery.data;
  const showingLocal = local !== null && !postcodeError;
  const active = showingLocal ? localQuery : generalQuery;
  const resources = showingLocal ? localAnswer?.resources : generalQuery.data?.resources;

  return {
    draft,
    setDraft,
    localDraft,
    setLocalDraft,
    postcodeError,
    showingLocal,
    resources,
    shown,
    showMore: () => search(general, local, shown + GOVERNMENT_PAGE_SIZE),
    loading: active.isPending || (active.isFetching && !resources),
    failed: active.isError && !postcodeError && !resources,
    retry: () => void active.refetch(),
    place: localAnswer?.place,
    /** The state the results are for: the postcode's, or the one searched ("all" for none). */
    state: showingLocal && localAnswer ? localAnswer.place.state : general.state,
    searchGeneral: () => search({ ...draft, keyword: draft.keyword.trim() }, null),
    searchLocal: () => {
      const postcode = localDraft.postcode.trim();
      if (!postcode) return; // spec: a blank postcode does not search
      search(general, { postcode, category: localDraft.category });
    },
    showAll: () => search(general, null),
    browseAll: () => {
      setDraft(EMPTY_SEARCH);
      setLocalDraft(EMPTY_LOCAL);
      search(EMPTY_SEARCH, null);
    },
  };
}
