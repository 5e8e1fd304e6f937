import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/card';
import { listLoadFailure } from '../../data/admin';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format';
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

export type PageFields = { total: number; page: number; pageSize: number };

/** "Page 2 of 5 · 112 results" with Previous and Next; `label` names it when a tab has two lists. */
export function Pager({
  data,
  onPage,
  label,
}: {
  data: PageFields;
  onPage: (page: number) => void;
  label?: string;
}) {
  const { t, locale } = useTranslation();
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <nav
      aria-label={label ?? t('admin.list.pages')}
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700"
    >
      <p>
        {t('admin.list.pageOf', {
          page: formatNumber(data.page, locale),
          pages: formatNumber(pages, locale),
        })}{' '}
        · {t('admin.list.results', { count: data.total })}
      </p>
      {pages > 1 && (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={data.page <= 1}
            onClick={() => onPage(data.page - 1)}
          >
            {t('admin.list.previous')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={data.page >= pages}
            onClick={() => onPage(data.page + 1)}
          >
            {t('admin.list.next')}
          </Button>
        </div>
      )}
    </nav>
  );
}

/** A page past the end (its last row was just removed): go back to the last page there is. */
export function useClampPage(
  query: { data?: PageFields; isPlaceholderData: boolean },
  rows: number,
  onPage: (page: number) => void,
) {
  const data = query.isPlaceholderData ? undefined : query.data;
  const last = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const past = data !== undefined && rows === 0 && data.page > 1;
  useEffect(() => {
    if (past) onPage(last);
    // Only when the page turns out to be past the end; onPage is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [past, last]);
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
  if (query.isError)
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
        <p className="font-medium">{t('admin.list.loadFailed')}</p>
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
  if (count === 0) return <p className="rounded-xl bg-slate-50 p-4 text-slate-700">{empty}</p>;
  return <div aria-busy={query.isFetching || undefined}>{children}</div>;
}
