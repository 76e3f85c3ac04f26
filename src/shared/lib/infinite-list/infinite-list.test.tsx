import { act, fireEvent, render, screen } from '@testing-library/react';
import { installIntersectionObserver } from '@test-utils/intersection-observer';
import { useInfiniteList, useLoadMoreOnScroll, type InfiniteQueryResult } from '.';

let io: ReturnType<typeof installIntersectionObserver>;
beforeEach(() => {
  io = installIntersectionObserver();
});
afterEach(() => io.restore());

function Sentinel({ loadMore, canLoadMore, rootMargin }: { loadMore: () => void; canLoadMore: boolean; rootMargin?: string }) {
  const ref = useLoadMoreOnScroll(loadMore, canLoadMore, { rootMargin });
  return <div ref={ref} data-testid="sentinel" />;
}

describe('useLoadMoreOnScroll', () => {
  it('loads more when the sentinel comes into view, once per sighting', () => {
    const loadMore = jest.fn();
    render(<Sentinel loadMore={loadMore} canLoadMore rootMargin="100px" />);
    const sentinel = screen.getByTestId('sentinel');
    expect(io.watching(sentinel)).toHaveLength(1);
    expect(io.watching(sentinel)[0].options.rootMargin).toBe('100px');

    act(() => io.reveal(sentinel, false));
    expect(loadMore).not.toHaveBeenCalled();
    act(() => io.reveal(sentinel));
    expect(loadMore).toHaveBeenCalledTimes(1);
    // Stopped watching until the page has arrived.
    act(() => io.reveal(sentinel));
    expect(loadMore).toHaveBeenCalledTimes(1);
  });

  it('watches again once it may load more (the page arrived), and not while it may not', () => {
    const loadMore = jest.fn();
    const { rerender } = render(<Sentinel loadMore={loadMore} canLoadMore={false} />);
    const sentinel = screen.getByTestId('sentinel');
    expect(io.watching(sentinel)).toHaveLength(0);

    rerender(<Sentinel loadMore={loadMore} canLoadMore />);
    act(() => io.reveal(sentinel));
    rerender(<Sentinel loadMore={loadMore} canLoadMore={false} />);
    rerender(<Sentinel loadMore={loadMore} canLoadMore />);
    // Still in view (a short page): the new observer reports it and the next page loads.
    act(() => io.reveal(sentinel));
    expect(loadMore).toHaveBeenCalledTimes(2);
  });

  it('stops watching when unmounted', () => {
    const { unmount } = render(<Sentinel loadMore={jest.fn()} canLoadMore />);
    const observer = io.observers[0];
    unmount();
    expect(observer.disconnected).toBe(true);
  });

  it('does nothing where there is no IntersectionObserver', () => {
    io.restore();
    const original = window.IntersectionObserver;
    // @ts-expect-error: a browser without it
    delete window.IntersectionObserver;
    try {
      expect(() => render(<Sentinel loadMore={jest.fn()} canLoadMore />)).not.toThrow();
    } finally {
      window.IntersectionObserver = original;
    }
  });
});

interface Item {
  _id: string;
}

const page = (...ids: string[]) => ({ items: ids.map((_id) => ({ _id })) });

function result(overrides: Partial<InfiniteQueryResult<Item>> = {}): InfiniteQueryResult<Item> {
  return {
    data: { pages: [page('a', 'b'), page('c')] },
    isLoading: false,
    isFetching: false,
    isFetchingNextPage: false,
    hasNextPage: true,
    fetchNextPage: jest.fn(),
    ...overrides,
  };
}

function List({ query }: { query: InfiniteQueryResult<Item> }) {
  const list = useInfiniteList(query);
  return (
    <>
      <ul>
        {list.items.map((item) => (
          <li key={item._id}>{item._id}</li>
        ))}
      </ul>
      <p>{[list.isLoading && 'loading', list.isFetchingMore && 'more', list.hasMore && 'has more'].filter(Boolean).join(', ')}</p>
      {list.hasMore && (
        <button type="button" onClick={list.loadMore}>
          Load more
        </button>
      )}
      <div ref={list.sentinelRef} data-testid="sentinel" />
    </>
  );
}

describe('useInfiniteList', () => {
  it('flattens the pages and loads the next one from the sentinel or the button', () => {
    const query = result();
    render(<List query={query} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['a', 'b', 'c']);
    expect(screen.getByText('has more')).toBeInTheDocument();

    act(() => io.reveal(screen.getByTestId('sentinel')));
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(query.fetchNextPage).toHaveBeenCalledTimes(2);
  });

  it('loads nothing more while a request runs or at the end', () => {
    const fetching = result({ isFetching: true, isFetchingNextPage: true });
    const { rerender } = render(<List query={fetching} />);
    expect(screen.getByText('more, has more')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(io.watching(screen.getByTestId('sentinel'))).toHaveLength(0);
    expect(fetching.fetchNextPage).not.toHaveBeenCalled();

    const last = result({ hasNextPage: false });
    rerender(<List query={last} />);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(io.watching(screen.getByTestId('sentinel'))).toHaveLength(0);
  });

  it('after a failed page, leaves the retry to the button', () => {
    const failed = result({ isFetchNextPageError: true, error: { status: 500 } });
    render(<List query={failed} />);
    expect(io.watching(screen.getByTestId('sentinel'))).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(failed.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('is loading with no items before the first page', () => {
    render(<List query={result({ data: undefined, isLoading: true, isFetching: true })} />);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByText('loading, has more')).toBeInTheDocument();
  });
});
