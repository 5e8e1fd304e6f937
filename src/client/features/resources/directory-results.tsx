import { useQueries } from '@tanstack/react-query';
import { MapPin, Search } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import { AUS_STATES, LANGUAGE_INTERPRETER, RESOURCE_PAGE_SIZE } from '../../../shared/directory';
import { LoadFailed } from '../../components/load-failed';
import { Button } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { inputClasses, SelectField } from '../../components/ui/field';
import { LANGUAGE_KEYS, languageText, type LanguageName } from '../../../shared/schemas/languages';

import { StateSelect } from '../../components/find-help';
import { formatNumber } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { directoryPageQuery, type DirectoryFilter } from '../../data/resources';
import { ResourceCard } from './resource-card';
import { CategoryChips, NoResults, SKELETON_CARDS } from './resource-results';

/** The languages a reader can look for: Vietnamese first, then the others by name, and "an interpreter". */
export const LANGUAGE_FILTERS: readonly string[] = [
  'Vietnamese',
  ...LANGUAGE_KEYS.filter((name) => name !== 'Vietnamese'),
  LANGUAGE_INTERPRETER,
];

/** What the reader browses: the filters, and how many pages they have opened. */
export type DirectoryView = DirectoryFilter & { pages: number };

type DirectoryProps = {
  view: DirectoryView;
  onView: (view: DirectoryView) => void;
  /** Back to searching near a place. */
  onSearchNear: () => void;
  /** The browse card's heading, where focus goes when browsing starts. */
  headingRef?: Ref<HTMLHeadingElement>;
};

/**
 * The opened pages of the directory, one query each: a language switch asks for every opened page again in the
 * new language, so the reader keeps their place in the list.
 */
function useDirectory(view: DirectoryView) {
  const { locale } = useTranslation();
  const filter = { state: view.state, category: view.category, q: view.q, language: view.language };
  const pages = useQueries({
    queries: Array.from({ length: view.pages }, (_, index) => directoryPageQuery(filter, index + 1, locale)),
  });
  const first = pages[0]!;
  const last = pages[pages.length - 1]!;
  const resources = pages.flatMap((page) => page.data?.resources ?? []);
  const total = last.data?.total ?? first.data?.total;
  return {
    first: first.data,
    last,
    resources,
    total,
    loadingFirst: first.isPending,
    failedFirst: first.isError,
    retryFirst: () => void first.refetch(),
    loadingMore: view.pages > 1 && last.isPending,
    fetching: pages.some((page) => page.isFetching),
  };
}

/** The search box: sent when submitted (Enter or the button), not on every key. */
function SearchBox({ view, onView }: Pick<DirectoryProps, 'view' | 'onView'>) {
  const { t } = useTranslation();
  const [text, setText] = useState(view.q);
  const [shown, setShown] = useState(view.q);
  // The box follows the search in the address when that changes from elsewhere (Back, a shared link).
  if (view.q !== shown) {
    setShown(view.q);
    setText(view.q);
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onView({ ...view, q: text.trim(), pages: 1 });
  };
  return (
    <form role="search" onSubmit={submit} className="w-full space-y-1 sm:w-96">
      <label htmlFor="resources-q" className="block text-sm font-medium text-slate-800">
        {t('resources.searchLabel')}
      </label>
      <div className="flex gap-2">
        <input
          id="resources-q"
          type="search"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          className={inputClasses}
        />
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" className="h-5 w-5" />
          <span className="max-sm:sr-only">{t('resources.searchButton')}</span>
        </Button>
      </div>
    </form>
  );
}

function BrowseCard({ view, onView, onSearchNear, headingRef }: DirectoryProps) {
  const { t, locale } = useTranslation();
  return (
    <Card>
      <h2 ref={headingRef} tabIndex={-1} className="scroll-mt-40 text-xl font-semibold text-slate-900">
        {t('resources.browseTitle')}
      </h2>
      <p className="mt-1 text-slate-700">{t('resources.browseText')}</p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-80">
          <StateSelect
            id="resources-state"
            value={view.state}
            onChange={(state) => onView({ ...view, state, pages: 1 })}
          />
        </div>
        <div className="w-full sm:w-80">
          <SelectField
            id="resources-language"
            label={t('resources.languageLabel')}
            value={view.language}
            onChange={(language) => onView({ ...view, language, pages: 1 })}
          >
            <option value="all">{t('resources.anyLanguage')}</option>
            {LANGUAGE_FILTERS.map((language) => (
              <option key={language} value={language}>
                {language === LANGUAGE_INTERPRETER
                  ? t('resources.interpreterOffered')
                  : languageText(language as LanguageName, locale)}
              </option>
            ))}
          </SelectField>
        </div>
        <SearchBox view={view} onView={onView} />
        <Button variant="secondary" onClick={onSearchNear}>
          <MapPin aria-hidden="true" className="h-5 w-5" />
          {t('resources.searchNear')}
        </Button>
      </div>
    </Card>
  );
}

/**
 * The whole directory, by state, suburb and name, a page at a time: a state filter, the category chips with
 * their counts, "Showing n of total" and a button for the next page. When a page comes, focus moves to its first
 * card, so a keyboard or screen reader user carries on reading where the new ones start.
 */
export function DirectoryResults(props: DirectoryProps) {
  const { view, onView } = props;
  const { t, locale } = useTranslation();
  const directory = useDirectory(view);
  const { resources, total, loadingMore } = directory;
  const stateName = AUS_STATES.find((state) => state === view.state);

  const list = useRef<HTMLDivElement>(null);
  /** The index of the first card of the page asked for, until it has come and taken focus. */
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || loadingMore) return;
    const card = list.current?.querySelectorAll<HTMLElement>('article')[index];
    if (!card) return;
    focusFrom.current = null;
    card.focus();
  }, [resources.length, loadingMore]);

  const showMore = () => {
    if (loadingMore) return;
    focusFrom.current = resources.length;
    if (directory.last.isError) void directory.last.refetch();
    else onView({ ...view, pages: view.pages + 1 });
  };
  const remaining = total === undefined ? 0 : total - resources.length;

  return (
    <>
      <BrowseCard {...props} />
      <section aria-labelledby="resources-results" aria-busy={directory.fetching}>
        <h2 id="resources-results" className="text-xl font-semibold text-slate-900">
          {stateName ? t(`help.states.${stateName}`) : t('government.allStates')}
        </h2>
        {directory.first && total !== undefined && (
          <p className="mt-1 text-slate-700" role="status">
            {t('resources.showing', {
              shown: formatNumber(resources.length, locale),
              total: formatNumber(total, locale),
            })}
          </p>
        )}
        {directory.first && (
          <CategoryChips
            counts={directory.first.counts}
            category={view.category}
            onCategory={(category) => onView({ ...view, category, pages: 1 })}
          />
        )}

        {directory.failedFirst && (
          <LoadFailed text={t('resources.loadError')} onRetry={directory.retryFirst} />
        )}
        <div ref={list} className="mt-4 grid gap-4 md:grid-cols-2">
          {directory.loadingFirst &&
            Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <Skeleton key={i} className="h-56 w-full rounded-xl" />
            ))}
          {resources.map((resource) => (
            <ResourceCard key={resource.id} resource={resource} tabIndex={-1} />
          ))}
        </div>
        {directory.first && total === 0 && <NoResults text={t('resources.emptyBrowseText')} />}

        {remaining > 0 && (
          <div className="mt-6 flex justify-center">
            <Button variant="secondary" aria-disabled={loadingMore || undefined} onClick={showMore}>
              {loadingMore
                ? t('resources.loadingMore')
                : t('resources.showMore', {
                    count: formatNumber(Math.min(remaining, RESOURCE_PAGE_SIZE), locale),
                  })}
            </Button>
          </div>
        )}
      </section>
    </>
  );
}
