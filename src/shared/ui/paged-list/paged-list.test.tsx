import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InfiniteList } from '@/shared/lib/infinite-list';
import { PagedList } from '.';

const list = (over: Partial<InfiniteList<string>>): InfiniteList<string> => ({
  items: [],
  isLoading: false,
  isFetchingMore: false,
  hasMore: false,
  error: undefined,
  loadMore: jest.fn(),
  sentinelRef: jest.fn(),
  ...over,
});

const show = (state: Partial<InfiniteList<string>>, onRetry = jest.fn()) =>
  render(
    <PagedList
      list={list(state)}
      label="Things"
      loadingLabel="Loading things"
      failure="Could not load things"
      onRetry={onRetry}
      empty={<p>No things</p>}
      renderItem={(item) => <li key={item}>{item}</li>}
    />,
  );

it('shows a spinner for the first page, then the failure with a retry, or the empty state', async () => {
  const { unmount } = show({ isLoading: true });
  expect(screen.getByRole('status', { name: 'Loading things' })).toBeInTheDocument();
  unmount();

  const retry = jest.fn();
  const failed = show({ error: { status: 500 } }, retry);
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(screen.getByText('Could not load things')).toBeInTheDocument();
  expect(retry).toHaveBeenCalledTimes(1);
  failed.unmount();

  show({});
  expect(screen.getByText('No things')).toBeInTheDocument();
});

it('lists the items; with more to come, a sentinel and Load more', async () => {
  const loadMore = jest.fn();
  const sentinelRef = jest.fn();
  const { rerender } = render(
    <PagedList list={list({ items: ['a', 'b'], hasMore: true, loadMore, sentinelRef })} label="Things" loadingLabel="" failure="" onRetry={jest.fn()} empty={null} renderItem={(item) => <li key={item}>{item}</li>} />,
  );
  expect(screen.getByRole('list', { name: 'Things' }).children).toHaveLength(2);
  expect(sentinelRef).toHaveBeenCalledWith(expect.any(HTMLElement));
  await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
  expect(loadMore).toHaveBeenCalled();

  // A page on its way keeps the items (a failed further page too) and says so on the button.
  rerender(<PagedList list={list({ items: ['a', 'b'], hasMore: true, isFetchingMore: true, error: {} })} loadingLabel="" failure="" onRetry={jest.fn()} empty={null} renderItem={(item) => <li key={item}>{item}</li>} />);
  expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  expect(screen.queryByText('Try again')).not.toBeInTheDocument();
});
