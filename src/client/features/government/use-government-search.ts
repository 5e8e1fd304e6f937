import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  governmentServicesQuery,
  localServicesQuery,
  type LocalSearch,
  type ServiceSearch,
} from '../../lib/government';
import { useTranslation } from '../../lib/i18n';
import { postcodeRefusal } from '../../lib/resources';

const EMPTY_SEARCH: ServiceSearch = { keyword: '', category: 'all', state: 'all' };
const EMPTY_LOCAL: LocalSearch = { postcode: '', category: 'all' };

/**
 * The two searches of the page: what is typed in each form (drafts) and what was last searched. Local results
 * replace the general ones whenever a postcode search is on (spec).
 */
export function useGovernmentSearch() {
  const { locale } = useTranslation();
  const [draft, setDraft] = useState<ServiceSearch>(EMPTY_SEARCH);
  const [general, setGeneral] = useState<ServiceSearch>(EMPTY_SEARCH);
  const [localDraft, setLocalDraft] = useState<LocalSearch>(EMPTY_LOCAL);
  const [local, setLocal] = useState<LocalSearch | null>(null);

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
    loading: active.isPending || (active.isFetching && !resources),
    place: localAnswer?.place,
    searchGeneral: () => {
      setLocal(null);
      setGeneral({ ...draft, keyword: draft.keyword.trim() });
    },
    searchLocal: () => {
      const postcode = localDraft.postcode.trim();
      if (!postcode) return; // spec: a blank postcode does not search
      setLocal({ postcode, category: localDraft.category });
    },
    showAll: () => setLocal(null),
    browseAll: () => {
      setDraft(EMPTY_SEARCH);
      setGeneral(EMPTY_SEARCH);
      setLocal(null);
      setLocalDraft(EMPTY_LOCAL);
    },
  };
}
