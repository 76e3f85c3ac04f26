import { useCallback, useEffect, useRef, useState } from 'react';

interface Options {
  /** How far before the end of the list the next page starts loading. */
  rootMargin?: string;
}

/**
 * A ref for an element at the end of a list: when it comes into view, `loadMore` runs, if
 * `canLoadMore` (there is a next page, nothing is being fetched, the last attempt did not fail). After
 * each page the observer starts again, so a page too short to fill the screen loads the next one too.
 * Without IntersectionObserver it does nothing: the list's 'Load more' button is the way on.
 */
export function useLoadMoreOnScroll(
  loadMore: () => void,
  canLoadMore: boolean,
  { rootMargin = '400px 0px' }: Options = {},
): (element: Element | null) => void {
  const [sentinel, setSentinel] = useState<Element | null>(null);
  const loadMoreRef = useRef(loadMore);

  useEffect(() => {
    loadMoreRef.current = loadMore;
  }, [loadMore]);

  useEffect(() => {
    if (!sentinel || !canLoadMore || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        // One request per sighting: the next observer is made once this page has arrived.
        observer.disconnect();
        loadMoreRef.current();
      },
      { rootMargin },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, canLoadMore, rootMargin]);

  // A callback ref (not an object ref), so an element that mounts later, or is replaced, is observed.
  return useCallback((element: Element | null) => setSentinel(element), []);
}
