import { useCallback, useMemo } from 'react';
import { useLoadMoreOnScroll } from './use-load-more-on-scroll';

/**
 * What `useInfiniteList` reads from an RTK Query infinite query hook's result
 * (`useXInfiniteQuery(arg)`, pages of `{ items, nextCursor }`).
 */
export interface InfiniteQueryResult<T> {
  data?: { pages: readonly { items: readonly T[] }[] };
  isLoading: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  isFetchNextPageError?: boolean;
  error?: unknown;
  fetchNextPage: () => unknown;
}

export interface InfiniteList<T> {
  /** The items of every page loaded, in order. */
  items: T[];
  /** The first page is on its way (nothing to show yet). */
  isLoading: boolean;
  /** A further page is on its way (show it under the items). */
  isFetchingMore: boolean;
  /** There is a next page: show the 'Load more' button and the sentinel. */
  hasMore: boolean;
  error: unknown;
  /** Loads the next page, unless there is none or a request is running ('Load more' button). */
  loadMore: () => void;
  /** Put on an element after the last item: the next page loads when it scrolls into view. */
  sentinelRef: (element: Element | null) => void;
}

/**
 * A board's list on top of an RTK Query infinite query: the query keeps the pages (so its cache
 * tags refetch them all after a create), this adds the flattened items and loading on scroll.
 *
 *   const list = useInfiniteList(useGetNeedsInfiniteQuery({ type: 'need' }));
 */
export function useInfiniteList<T>(query: InfiniteQueryResult<T>, options?: { rootMargin?: string }): InfiniteList<T> {
  const { data, isLoading, isFetching, isFetchingNextPage, hasNextPage, isFetchNextPageError = false, error, fetchNextPage } =
    query;
  // Not while any request runs: a refetch after an invalidation rebuilds the pages from the first.
  const canLoadMore = hasNextPage && !isFetching;

  const loadMore = useCallback(() => {
    if (canLoadMore) void fetchNextPage();
  }, [canLoadMore, fetchNextPage]);

  // After a failed page the sentinel would ask again at once, and again: the button retries instead.
  const sentinelRef = useLoadMoreOnScroll(loadMore, canLoadMore && !isFetchNextPageError, options);

  const pages = data?.pages;
  const items = useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);

  return {
    items,
    isLoading,
    isFetchingMore: isFetchingNextPage,
    hasMore: hasNextPage,
    error,
    loadMore,
    sentinelRef,
  };
}
