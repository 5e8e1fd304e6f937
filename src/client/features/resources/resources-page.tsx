import '../../lib/page-texts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AUS_STATES, LOCAL_CATEGORIES } from '../../../shared/directory';
import { EmergencyNumbers } from '../../components/find-help';
import { HelpInMyLanguage } from '../../components/help-in-my-language';
import { Page } from '../../components/page';
import { useRevealResults } from '../../lib/focus';
import { useTranslation } from '../../lib/i18n';
import {
  localResourcesQuery,
  postcodeRefusal,
  type DirectoryFilter,
  type Origin,
} from '../../data/resources';
import { DirectoryResults, LANGUAGE_FILTERS, type DirectoryView } from './directory-results';
import { LocationPanel } from './location-panel';
import { MyListButton, MyListView } from './my-list-view';
import { ResourceResults } from './resource-results';

type Mode = 'near' | 'browse' | 'saved';

const known = (values: readonly string[], value: string | null) =>
  value && values.includes(value) ? value : 'all';

/**
 * Browsing lives in the address (`?view=all&state=VIC&category=legal`), so a reload or a shared link opens the same
 * list and Back returns to searching near a place. Starting or leaving browsing is a new history entry; a filter
 * replaces it. The pages opened are kept only while the filter stays the same.
 */
function useBrowsing() {
  const [params, setParams] = useSearchParams();
  const viewParam = params.get('view');
  const mode: Mode = viewParam === 'all' ? 'browse' : viewParam === 'saved' ? 'saved' : 'near';
  const state = known(AUS_STATES, params.get('state'));
  const category = known(LOCAL_CATEGORIES, params.get('category'));
  const q = (params.get('q') ?? '').trim().slice(0, 200);
  const language = known(LANGUAGE_FILTERS, params.get('language'));
  const keyOf = (filter: DirectoryFilter) =>
    JSON.stringify([filter.state, filter.category, filter.q, filter.language]);
  const filterKey = keyOf({ state, category, q, language });
  const [opened, setOpened] = useState({ filterKey, pages: 1 });
  const view: DirectoryView = {
    state,
    category,
    q,
    language,
    pages: opened.filterKey === filterKey ? opened.pages : 1,
  };

  const setView = (next: DirectoryView) => {
    const nextKey = keyOf(next);
    setOpened({ filterKey: nextKey, pages: next.pages });
    if (nextKey === filterKey) return;
    const search = new URLSearchParams({ view: 'all' });
    if (next.state !== 'all') search.set('state', next.state);
    if (next.category !== 'all') search.set('category', next.category);
    if (next.q) search.set('q', next.q);
    if (next.language !== 'all') search.set('language', next.language);
    setParams(search, { replace: true });
  };
  const setMode = (next: Mode) =>
    setParams(next === 'near' ? {} : { view: next === 'browse' ? 'all' : 'saved' });
  return { mode, setMode, view, setView };
}

export function ResourcesPage() {
  const { t, locale } = useTranslation();
  const { mode, setMode, view, setView } = useBrowsing();
  const [origin, setOrigin] = useState<Origin | null>(null);
  const [category, setCategory] = useState('all');
  // Only the search on screen is asked for; going back to it finds its answer kept.
  const query = useQuery(localResourcesQuery(mode === 'near' ? origin : null, category, locale));
  const postcodeError = origin && 'postcode' in origin ? postcodeRefusal(query.error) : undefined;
  const answer = postcodeError ? undefined : query.data;
  // A search for a place, once answered, scrolls to its results and has them read out.
  const resultsHeading = useRevealResults(
    mode === 'near' && origin ? JSON.stringify(origin) : null,
    answer !== undefined && !query.isPlaceholderData,
  );

  // The button that switched is gone: focus goes to the heading of what replaced it.
  const locationHeading = useRef<HTMLHeadingElement>(null);
  const browseHeading = useRef<HTMLHeadingElement>(null);
  const savedHeading = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    ({ near: locationHeading, browse: browseHeading, saved: savedHeading })[mode].current?.focus();
  }, [mode]);
  const switchTo = (next: Mode) => {
    switched.current = true;
    setMode(next);
  };

  return (
    <Page title={t('frames.resourcesTitle')} lead={t('frames.resourcesText')}>
      <EmergencyNumbers />
      <div className="space-y-6">
        {mode !== 'saved' && (
          <>
            <HelpInMyLanguage state={mode === 'browse' ? view.state : answer?.place?.state} />
            <div className="flex justify-end empty:hidden">
              <MyListButton onOpen={() => switchTo('saved')} />
            </div>
          </>
        )}
        {mode === 'saved' ? (
          <MyListView onBack={() => switchTo('near')} headingRef={savedHeading} />
        ) : mode === 'browse' ? (
          <DirectoryResults
            view={view}
            onView={setView}
            onSearchNear={() => switchTo('near')}
            headingRef={browseHeading}
          />
        ) : (
          <>
            <LocationPanel
              origin={origin}
              onOrigin={setOrigin}
              answer={answer}
              postcodeError={postcodeError}
              onBrowse={() => switchTo('browse')}
              headingRef={locationHeading}
            />
            {origin === null ? (
              <p className="text-slate-700">{t('resources.start')}</p>
            ) : (
              <ResourceResults
                origin={origin}
                headingRef={resultsHeading}
                answer={answer}
                loading={query.isPending}
                fetching={query.isFetching}
                onRetry={query.isError && !postcodeError ? () => void query.refetch() : undefined}
                category={category}
                onCategory={setCategory}
              />
            )}
          </>
        )}
      </div>
    </Page>
  );
}
