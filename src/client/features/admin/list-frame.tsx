import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode, Ref } from 'react';
import { cn } from '../../lib/cn';
import { ListState, Pager, useClampPage, type PageFields } from './data-table';
import { useAdminParams } from './use-admin-params';

/**
 * A list's page in the address: `page`, or its own key when a tab has two lists (`outdated=2`). Turning it keeps
 * the other list's page, and page 1 stays out of the address like every default.
 */
export function useListPage(key = 'page') {
  const { get, page: listPage, update } = useAdminParams();
  const page = key === 'page' ? listPage : Math.max(1, Math.trunc(Number(get(key))) || 1);
  const toPage = (next: number) =>
    update({ page: listPage > 1 ? listPage : undefined, [key]: next > 1 ? next : undefined });
  return { page, toPage };
}

type ListQuery = Pick<
  UseQueryResult<PageFields>,
  'data' | 'isPending' | 'isError' | 'error' | 'refetch' | 'isFetching' | 'isPlaceholderData'
>;

/**
 * The admin lists' one frame: the heading (with a button beside it, when the list has one), the intro, the
 * filters, the list's states, its rows as the tab draws them (a table or cards), and the pager. A page past the
 * end, its last row just gone, goes back to the last page there is.
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
  onPage,
  pagerLabel,
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
  count: number;
  empty: string;
  onPage: (page: number) => void;
  pagerLabel?: string;
  className?: string;
  /** The rows, drawn as the tab draws them. */
  children: ReactNode;
  /** What else belongs to the section, after the list: its dialogs, a second list. */
  after?: ReactNode;
}) {
  useClampPage(query, count, onPage);
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
      <ListState query={query} count={count} empty={empty}>
        {children}
        {query.data && <Pager data={query.data} onPage={onPage} label={pagerLabel} />}
      </ListState>
      {after}
    </section>
  );
}
