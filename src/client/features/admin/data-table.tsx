import type { UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/card';
import { listLoadFailure } from '../../data/admin';
import { cn } from '../../lib/cn';
import { useTranslation } from '../../lib/i18n';

export type Column<T> = {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Counts: right-aligned in the table. */
  numeric?: boolean;
  /** On a phone the cell stands without its header: the row's title, its buttons. */
  bare?: boolean;
  className?: string;
};

/**
 * A table on wide screens and a stack of cards on narrow ones, each cell beside its header. The CSS display
 * change would take the table semantics away from screen readers, so the roles are written out (they keep
 * reading it as a table with headers in both layouts), and the headers repeated in the cards are hidden from them.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
}) {
  return (
    // A very long e-mail or title scrolls the table sideways rather than push the page wider.
    <div className="lg:overflow-x-auto">
      <table role="table" className="w-full border-collapse text-sm max-lg:block">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="max-lg:sr-only">
          <tr role="row" className="border-b border-slate-300 text-left text-slate-700">
            {columns.map((column) => (
              <th
                key={column.key}
                role="columnheader"
                scope="col"
                className={cn('px-2 py-2 font-semibold', column.numeric && 'text-right')}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-lg:block max-lg:space-y-3">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              data-list-row
              role="row"
              className="border-b border-slate-200 align-top max-lg:block max-lg:rounded-xl max-lg:border max-lg:bg-white max-lg:p-4 max-lg:shadow-sm"
            >
              {columns.map((column) => (
                <td
                  key={column.key}
                  role="cell"
                  className={cn(
                    'px-2 py-2 text-slate-800 max-lg:flex max-lg:gap-3 max-lg:px-0 max-lg:py-1',
                    column.numeric && 'lg:text-right lg:tabular-nums',
                    column.className,
                  )}
                >
                  {!column.bare && (
                    <span aria-hidden="true" className="w-28 shrink-0 font-medium text-slate-600 lg:hidden">
                      {column.header}
                    </span>
                  )}
                  <div className="min-w-0 flex-1 wrap-break-word">{column.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What "Load More" needs of a list read a page at a time (useInfiniteQuery). */
type MoreQuery = Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;

/**
 * "Load More" for a list read a page at a time. Once the next page has come, focus moves to its first row (an
 * element the tab marks `data-list-row`, inside `rows`), so a keyboard or screen reader user reads on from there;
 * if it did not come, focus stays on the button.
 */
export function useLoadMore(query: MoreQuery, count: number) {
  const rows = useRef<HTMLDivElement>(null);
  /** The index of the first new row, until the page asked for has come. */
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || query.isFetchingNextPage) return;
    focusFrom.current = null;
    const row = rows.current?.querySelectorAll<HTMLElement>('[data-list-row]')[index];
    if (!row) return;
    row.tabIndex = -1;
    row.focus();
  }, [count, query.isFetchingNextPage]);
  const more = () => {
    if (query.isFetchingNextPage) return;
    focusFrom.current = count;
    void query.fetchNextPage();
  };
  return { rows, more };
}

/** The button that loads the next page, while there is one; it keeps the focus while the page loads. */
export function LoadMoreButton({ query, onMore }: { query: MoreQuery; onMore: () => void }) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <Button variant="secondary" aria-disabled={query.isFetchingNextPage || undefined} onClick={onMore}>
      {query.isFetchingNextPage ? t('admin.list.loadingMore') : t('admin.list.loadMore')}
    </Button>
  );
}

/**
 * A list's states before its rows: skeletons while the first page loads, the failure in place with a retry,
 * the empty text. Renders `children` once there are rows.
 */
export function ListState({
  query,
  count,
  empty,
  children,
}: {
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'refetch' | 'isFetching'>;
  count: number;
  empty: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <div className="space-y-3" aria-hidden="true">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  if (query.isError) return <LoadFailedAlert title={t('admin.list.loadFailed')} query={query} />;
  if (count === 0) return <p className="rounded-xl bg-slate-50 p-4 text-slate-700">{empty}</p>;
  return <div aria-busy={query.isFetching || undefined}>{children}</div>;
}

/** A part of the dashboard that could not be loaded: why, in words, and a retry, in place. */
export function LoadFailedAlert({
  title,
  query,
  className,
}: {
  title: string;
  query: Pick<UseQueryResult, 'error' | 'refetch' | 'isFetching'>;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className={cn('rounded-xl border border-red-200 bg-red-50 p-4 text-red-900', className)}
    >
      <p className="font-medium">{title}</p>
      <p className="mt-1 text-sm">{listLoadFailure(query.error)}</p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        disabled={query.isFetching}
        onClick={() => void query.refetch()}
      >
        {t('common.retry')}
      </Button>
    </div>
  );
}
