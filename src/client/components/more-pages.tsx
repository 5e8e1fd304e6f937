import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { LoadFailed } from './load-failed';
import { Button } from './ui/button';

type PagedList = Pick<
  UseInfiniteQueryResult,
  'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage'
>;

/**
 * Under a list that comes in pages: the button for the next one, or, when it failed to come, the failure with a way
 * to ask again.
 */
export function MorePages(props: { list: PagedList; more: string; loading: string; failed: string }) {
  const { list } = props;
  if (list.isFetchNextPageError)
    return <LoadFailed text={props.failed} onRetry={() => void list.fetchNextPage()} />;
  if (!list.hasNextPage) return null;
  return (
    <div className="flex justify-center py-4">
      <Button
        variant="secondary"
        disabled={list.isFetchingNextPage}
        onClick={() => void list.fetchNextPage()}
      >
        {list.isFetchingNextPage ? props.loading : props.more}
      </Button>
    </div>
  );
}
