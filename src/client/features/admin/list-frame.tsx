import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode, Ref } from 'react';
import { listLoadFailure } from '../../data/admin';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { ListState, LoadMoreButton, useLoadMore } from './data-table';

type ListQuery = Pick<
  UseInfiniteQueryResult<InfiniteData<{ total: number }>>,
  | 'data'
  | 'isPending'
  | 'isError'
  | 'isFetchNextPageError'
  | 'error'
  | 'refetch'
  | 'isFetching'
  | 'hasNextPage'
  | 'isFetchingNextPage'
  | 'fetchNextPage'
>;

/**
 * The admin lists' one frame: the heading (with a button beside it, when the list has one), the intro, the
 * filters, the list's states, its rows as the tab draws them (a table or cards, each row marked `data-list-row`),
 * how many are shown of how many there are, and "Load More" while there are more. A page that could not be
 * loaded leaves the rows shown and the button to try again.
 */
export function ListFrame({
  id,
  title,
  heading,
  level = 2,
  action,
  intro,
  filters,
  query,
  count,
  empty,
  className,
  children,
  after,
}: {
  id: string;
  title: string;
  /** The heading the tab takes the reader back to when the row they acted on goes (useFocusHeading). */
  heading?: Ref<HTMLHeadingElement>;
  /** 3 for a list inside another tab's section. */
  level?: 2 | 3;
  action?: ReactNode;
  intro?: ReactNode;
  filters?: ReactNode;
  query: ListQuery;
  /** The rows shown: every page's so far. */
  count: number;
  empty: string;
  className?: string;
  /** The rows, drawn as the tab draws them. */
  children: ReactNode;
  /** What else belongs to the section, after the list: its dialogs, a second list. */
  after?: ReactNode;
}) {
  const { t, locale } = useTranslation();
  const { rows, more } = useLoadMore(query, count);
  const total = query.data?.pages.at(-1)?.total ?? count;
  const Heading = level === 2 ? 'h2' : 'h3';
  const headingElement = (
    <Heading
      ref={heading}
      tabIndex={heading ? -1 : undefined}
      id={id}
      className={cn(
        'font-semibold text-slate-900 outline-none',
        level === 2 ? 'text-xl' : 'text-lg',
        !intro && !action && 'mb-4',
      )}
    >
      {title}
    </Heading>
  );
  return (
    <section aria-labelledby={id} className={className}>
      {action ? (
        <div className="mb-2 flex flex-wrap items-end justify-between gap-3">
          {headingElement}
          {action}
        </div>
      ) : (
        headingElement
      )}
      {intro && <p className={cn('mb-4 text-slate-700', !action && 'mt-1')}>{intro}</p>}
      {filters}
      <ListState
        query={{
          isPending: query.isPending,
          // A next page that failed keeps the rows: the button below tries it again.
          isError: query.isError && !query.isFetchNextPageError,
          error: query.error,
          refetch: query.refetch,
          isFetching: query.isFetching,
        }}
        count={count}
        empty={empty}
      >
        <div ref={rows}>{children}</div>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          {/* A polite live region: "Load More" changes the count, and it is read out. */}
          <p role="status" className="text-sm text-slate-700">
            {t('resources.showing', {
              shown: formatNumber(count, locale),
              total: formatNumber(total, locale),
            })}
          </p>
          <LoadMoreButton query={query} onMore={more} />
        </div>
        {query.isFetchNextPageError && (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {t('admin.list.loadFailed')} {listLoadFailure(query.error)}
          </p>
        )}
      </ListState>
      {after}
    </section>
  );
}
