import '../../lib/page-texts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CATEGORY_SLUGS } from '../../../shared/categories';
import { AUS_STATES } from '../../../shared/directory';
import { MENTOR_LIMITS } from '../../../shared/limits';
import { MENTOR_LANGUAGES } from '../../../shared/schemas/languages';
import { LoadFailed } from '../../components/load-failed';
import { MentorCard } from '../../components/mentor-card';
import { MentorFilterFields } from '../../components/mentor-filters';
import { Page } from '../../components/page';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { useTranslation } from '../../lib/i18n';
import { mentorsQuery, type MentorFilters } from '../../data/mentors';

const known = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value && (values as readonly string[]).includes(value) ? (value as T) : undefined;

const readFilters = (params: URLSearchParams): MentorFilters => ({
  topic: known(CATEGORY_SLUGS, params.get('topic')),
  language: known(MENTOR_LANGUAGES, params.get('language')),
  state: known(AUS_STATES, params.get('state')),
  q: params.get('q')?.trim().slice(0, MENTOR_LIMITS.searchMax) || undefined,
});

/**
 * The filters live in the address (`/mentors?topic=housing&language=vi&state=VIC&q=…`), so a list can be shared.
 * A change moves only the filters it changed, onto the address as it is now: one chosen a moment before, whose
 * address the screen has not drawn yet, stays.
 */
function useFilters(): [MentorFilters, (next: MentorFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const setFilters = (next: MentorFilters) => {
    const keys = Object.keys(filters) as (keyof MentorFilters)[];
    const changed = keys.filter((key) => next[key] !== filters[key]).map((key) => [key, next[key]]);
    const merged: MentorFilters = {
      ...readFilters(new URLSearchParams(window.location.search)),
      ...(Object.fromEntries(changed) as MentorFilters),
    };
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(merged)) if (value) search.set(key, value);
    setParams(search, { replace: true });
  };
  return [filters, setFilters];
}

/** Public: the verified mentors, filtered by topic, language, state and a search, those free to talk first. */
export function MentorsPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useFilters();
  const [search, setSearch] = useState(filters.q ?? '');
  const query = useInfiniteQuery(mentorsQuery(filters));
  const mentors = query.data?.pages.flatMap((page) => page.mentors) ?? [];
  const total = query.data?.pages[0]?.total;
  const filtered = Boolean(filters.topic || filters.language || filters.state || filters.q);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...filters, q: search.trim() || undefined });
  };

  return (
    <Page title={t('mentors.title')} lead={t('mentors.intro')}>
      <p className="mb-6 max-w-3xl text-sm text-slate-700">{t('mentors.notAgency')}</p>
      <Card className="mb-6">
        <form onSubmit={onSearch} role="search" aria-label={t('mentors.filters')} className="space-y-4">
          <div className="grid gap-3 sm:grid-cols-3">
            <MentorFilterFields filters={filters} onChange={setFilters} />
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <Field
              className="w-full min-w-0 sm:w-auto sm:flex-1"
              label={t('mentors.search')}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('mentors.searchPlaceholder')}
              maxLength={MENTOR_LIMITS.searchMax}
            />
            <Button type="submit">{t('mentors.apply')}</Button>
            {filtered && (
              <Button
                variant="secondary"
                onClick={() => {
                  setSearch('');
                  setFilters({});
                }}
              >
                {t('mentors.clear')}
              </Button>
            )}
          </div>
        </form>
      </Card>

      <p role="status" className="mb-3 text-sm font-medium text-slate-700">
        {query.isPending
          ? t('mentors.loading')
          : total !== undefined
            ? t('mentors.count', { count: total })
            : ''}
      </p>
      {query.isError && <LoadFailed text={t('mentors.loadFailed')} onRetry={() => void query.refetch()} />}
      {query.isSuccess && mentors.length === 0 && (
        <Card className="text-center">
          <p className="font-medium text-slate-900">{t('mentors.none')}</p>
          <p className="mt-1 text-slate-700">{t('mentors.noneHint')}</p>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <Link to="/" className={buttonClasses('secondary')}>
              {t('mentors.askCommunity')}
            </Link>
            <Link to="/chloe" className={buttonClasses('secondary')}>
              {t('nav.chloe')}
            </Link>
          </div>
        </Card>
      )}
      {mentors.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {mentors.map((mentor) => (
            <li key={mentor.id}>
              <MentorCard mentor={mentor} />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <div className="mt-6 text-center">
          <Button
            variant="secondary"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('mentors.loadMore')}
          </Button>
        </div>
      )}
    </Page>
  );
}
