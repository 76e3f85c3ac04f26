import { configureStore } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { hold } from '@mocks/hold';
import { server } from '@mocks/server';
import { sessionReducer } from '../auth';
import { baseApi } from './base-api';
import { onFailureNotice } from './failure-notice';
import { cachedArgs, optimisticUpdate } from './optimistic';

// A toy resource with a list (cached per search) and a detail, both showing a like count.
interface Item {
  _id: string;
  likes: number;
}
const testApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTestItems: build.query<Item[], string>({ query: (q) => `test-items?q=${q}`, providesTags: ['Need'] }),
    getTestItem: build.query<Item, string>({ query: (id) => `test-items/${id}`, providesTags: ['Need'] }),
    likeTestItem: build.mutation<unknown, { id: string; toggle?: boolean }>({
      query: ({ id }) => ({ url: `test-items/${id}/like`, method: 'POST' }),
      onQueryStarted: ({ id, toggle }, lifecycle) => {
        const bump = (item: Item) => void (item._id === id && (item.likes += 1));
        const lists = cachedArgs<string>(lifecycle.getState(), 'getTestItems').map((q) =>
          testApi.util.updateQueryData('getTestItems', q, (items) => items.forEach(bump)),
        );
        const detail = testApi.util.updateQueryData('getTestItem', id, bump);
        return void optimisticUpdate(lifecycle, [...lists, detail], {
          failureText: 'Failed to update follow status',
          ...(toggle ? { revalidate: ['Need'] as const } : {}),
        });
      },
    }),
  }),
  overrideExisting: false,
});

let likes = 3;
let release: () => void;
let answer: () => Response;
beforeEach(() => {
  likes = 3;
  const gate = hold();
  release = gate.release;
  answer = () => HttpResponse.json({ ok: true });
  server.use(
    http.get('*/api/test-items', () => HttpResponse.json([{ _id: 'a', likes }, { _id: 'b', likes: 0 }])),
    http.get('*/api/test-items/:id', ({ params }) => HttpResponse.json({ _id: params.id, likes })),
    http.post('*/api/test-items/:id/like', async () => {
      await gate.passed;
      return answer();
    }),
  );
});

const setup = async () => {
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, session: sessionReducer },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  const subscriptions = [
    store.dispatch(testApi.endpoints.getTestItems.initiate('goa')),
    store.dispatch(testApi.endpoints.getTestItems.initiate('')),
    store.dispatch(testApi.endpoints.getTestItem.initiate('a')),
  ];
  await Promise.all(subscriptions);
  const shown = () => {
    const state = store.getState();
    return [
      testApi.endpoints.getTestItems.select('goa')(state).data?.[0].likes,
      testApi.endpoints.getTestItems.select('')(state).data?.[0].likes,
      testApi.endpoints.getTestItem.select('a')(state).data?.likes,
    ];
  };
  return { store, shown };
};

const notices: string[] = [];
let unregister: () => void;
beforeEach(() => {
  notices.length = 0;
  unregister = onFailureNotice((text) => notices.push(text));
});
afterEach(() => unregister());

it('patches every cached view at once, before the server answers', async () => {
  const { store, shown } = await setup();
  const like = store.dispatch(testApi.endpoints.likeTestItem.initiate({ id: 'a' }));
  expect(shown()).toEqual([4, 4, 4]);
  release();
  await like;
});

it('keeps the change once the server confirms it', async () => {
  const { store, shown } = await setup();
  const like = store.dispatch(testApi.endpoints.likeTestItem.initiate({ id: 'a' }));
  release();
  await like;
  expect(shown()).toEqual([4, 4, 4]);
  expect(notices).toEqual([]);
});

it('undoes every patch and raises the failure text when the server refuses', async () => {
  answer = () => HttpResponse.json({ message: 'Nope' }, { status: 500 });
  const { store, shown } = await setup();
  const like = store.dispatch(testApi.endpoints.likeTestItem.initiate({ id: 'a' }));
  expect(shown()).toEqual([4, 4, 4]);
  release();
  await like;
  await waitFor(() => expect(shown()).toEqual([3, 3, 3]));
  expect(notices).toEqual(['Failed to update follow status']);
});

it('re-reads from the server instead of undoing when asked to (toggles)', async () => {
  answer = () => HttpResponse.error();
  const { store, shown } = await setup();
  const like = store.dispatch(testApi.endpoints.likeTestItem.initiate({ id: 'a', toggle: true }));
  likes = 9; // what the server holds by now
  release();
  await like;
  await waitFor(() => expect(shown()).toEqual([9, 9, 9]));
  expect(notices).toEqual(['Failed to update follow status']);
});
