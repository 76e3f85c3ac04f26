import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@mocks/server';
import { renderWithProviders } from '@test-utils/render';
import { installIntersectionObserver } from '@test-utils/intersection-observer';
import { useInfiniteList } from '@/shared/lib/infinite-list';
import { baseApi } from './base-api';
import { cursorPagination, cursorParams, pageItems, providesPagedList, type Cursor, type CursorPage } from './infinite-lists';

// A board's list as the boards will define it: an infinite query over `?cursor=` pages.
interface Thing {
  _id: string;
  title: string;
}

const thingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getThingsTest: build.infiniteQuery<CursorPage<Thing>, { q?: string }, Cursor>({
      infiniteQueryOptions: cursorPagination,
      query: ({ queryArg, pageParam }) => ({ url: 'things-test', params: cursorParams(pageParam, queryArg) }),
      transformResponse: (body: { data: Thing[]; nextCursor: string | null }) => ({ items: body.data, nextCursor: body.nextCursor }),
      providesTags: providesPagedList('Need'),
    }),
  }),
});

let rows: Thing[];
const requests: URLSearchParams[] = [];

/** Two to a page, newest first, the cursor being the last id of the page before. */
function answerPages() {
  server.use(
    http.get('*/api/things-test', ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      const cursor = params.get('cursor');
      const start = cursor === null ? 0 : rows.findIndex((row) => row._id === cursor) + 1;
      const data = rows.slice(start, start + 2);
      const nextCursor = start + 2 < rows.length ? data[data.length - 1]._id : null;
      return HttpResponse.json({ success: true, data, nextCursor });
    }),
  );
}

function Things() {
  const list = useInfiniteList(thingsApi.endpoints.getThingsTest.useInfiniteQuery({ q: 'bike' }));
  if (list.isLoading) return <p>Loading</p>;
  return (
    <>
      <ul aria-label="Things">
        {list.items.map((thing) => (
          <li key={thing._id}>{thing.title}</li>
        ))}
      </ul>
      {list.hasMore && (
        <button type="button" onClick={list.loadMore} disabled={list.isFetchingMore}>
          Load more
        </button>
      )}
      <div ref={list.sentinelRef} data-testid="sentinel" />
    </>
  );
}

let io: ReturnType<typeof installIntersectionObserver>;
beforeEach(() => {
  io = installIntersectionObserver();
  rows = ['e', 'd', 'c', 'b', 'a'].map((id) => ({ _id: id, title: `Thing ${id}` }));
  requests.length = 0;
  answerPages();
});
afterEach(() => io.restore());

const titles = () => screen.getAllByRole('listitem').map((item) => item.textContent);

it('loads page after page as the end of the list comes into view, then stops', async () => {
  renderWithProviders(<Things />);
  await waitFor(() => expect(titles()).toEqual(['Thing e', 'Thing d']));
  expect(requests[0].get('cursor')).toBeNull();
  expect(requests[0].get('q')).toBe('bike');

  act(() => io.reveal(screen.getByTestId('sentinel')));
  await waitFor(() => expect(titles()).toEqual(['Thing e', 'Thing d', 'Thing c', 'Thing b']));
  expect(requests[1].get('cursor')).toBe('d');

  await act(async () => screen.getByRole('button', { name: 'Load more' }).click());
  await waitFor(() => expect(titles()).toHaveLength(5));
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  expect(io.watching(screen.getByTestId('sentinel'))).toHaveLength(0);
  expect(requests).toHaveLength(3);
});

it('refetches every page loaded when a create invalidates the list', async () => {
  const { store } = renderWithProviders(<Things />);
  await waitFor(() => expect(titles()).toHaveLength(2));
  act(() => io.reveal(screen.getByTestId('sentinel')));
  await waitFor(() => expect(titles()).toHaveLength(4));

  rows.unshift({ _id: 'f', title: 'Thing f' });
  act(() => {
    store.dispatch(baseApi.util.invalidateTags([{ type: 'Need', id: 'LIST' }]));
  });
  await waitFor(() => expect(titles()[0]).toBe('Thing f'));
  // Both pages again, from the first: nothing is lost or repeated at the seam.
  expect(titles()).toEqual(['Thing f', 'Thing e', 'Thing d', 'Thing c']);
});

it('tags the list and every item loaded', () => {
  const pages = { pages: [{ items: [{ _id: 'a' }], nextCursor: 'a' }, { items: [{ _id: 'b' }], nextCursor: null }], pageParams: [null, 'a'] };
  expect(providesPagedList('Need')(pages)).toEqual([
    { type: 'Need', id: 'LIST' },
    { type: 'Need', id: 'a' },
    { type: 'Need', id: 'b' },
  ]);
  expect(providesPagedList('Need')(undefined)).toEqual([{ type: 'Need', id: 'LIST' }]);
  expect(pageItems(pages)).toEqual([{ _id: 'a' }, { _id: 'b' }]);
  expect(cursorParams(null, { q: 'x' })).toEqual({ q: 'x' });
  expect(cursorParams('abc')).toEqual({ cursor: 'abc' });
});
