import type { ReactNode } from 'react';
import type { InfiniteList } from '@/shared/lib/infinite-list';
import { Button } from '../button';
import { CardGrid } from '../card';
import { LoadFailure } from '../load-failure';
import { LoadingState } from '../spinner';
import './paged-list.css';

interface PagedListProps<T> {
  /** The board's pages (useInfiniteList over its infinite query). */
  list: InfiniteList<T>;
  /** The spinner's name while the first page loads ('Loading skills'). */
  loadingLabel: string;
  /** What the screen says when nothing came ('Could not load skills'); `onRetry` asks again. */
  failure: string;
  onRetry: () => unknown;
  /** The board's own empty state, when the list came back empty. */
  empty: ReactNode;
  /** One card, an `li` with its key. */
  renderItem: (item: T, index: number) => ReactNode;
  /** The list's accessible name. */
  label?: string;
  /** Marks the list busy while the query refetches. */
  busy?: boolean;
}

/**
 * A board's cards in a grid: a spinner for the first page, the load failure or the empty state
 * when there is nothing to show, and then 'Load more' with a sentinel that loads the next page as
 * it scrolls into view.
 */
export function PagedList<T>({ list, loadingLabel, failure, onRetry, empty, renderItem, label, busy }: PagedListProps<T>) {
  if (list.isLoading) {
    return (
      <LoadingState label={loadingLabel} />
    );
  }
  // Not the empty state: nothing says there are none, the list just did not come.
  if (list.items.length === 0 && list.error) return <LoadFailure title={failure} onRetry={onRetry} />;
  if (list.items.length === 0) return empty;
  return (
    <>
      <CardGrid aria-label={label} aria-busy={busy || undefined}>
        {list.items.map(renderItem)}
      </CardGrid>
      {list.hasMore && (
        <div className="paged-list__more">
          <div ref={list.sentinelRef} className="paged-list__sentinel" aria-hidden="true" />
          <Button variant="secondary" onClick={list.loadMore} disabled={list.isFetchingMore} aria-busy={list.isFetchingMore || undefined}>
            {list.isFetchingMore ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </>
  );
}
