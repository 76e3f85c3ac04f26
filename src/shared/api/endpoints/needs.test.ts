import { File as NodeFile } from 'node:buffer';
import { configureStore } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { needs } from '@mocks/fixtures/needs';
import { demoToken, demoUser } from '@mocks/fixtures/users';
import { server } from '@mocks/server';
import { pendingQueries } from '@test-utils/pending-queries';
import { sessionReducer } from '../../auth';
import { baseApi } from '../base-api';
import { needsApi, toNeed, toNeedPage, type NeedInput } from './needs';

const makeApiStore = () =>
  configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, session: sessionReducer },
    preloadedState: { session: { userId: demoUser._id, token: demoToken, expired: false } },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });

const input: NeedInput = {
  type: 'available',
  category: 'Transport',
  serviceName: 'Ride to Kasol',
  description: 'Two seats',
  phone: '+919876543210',
  email: 'demo@needspot.app',
  address: 'Old Manali Road',
  city: 'Manali',
  state: 'Himachal Pradesh',
  postalCode: '175131',
  latitude: '32.252600',
  longitude: '77.174600',
  // Node's File: the FormData the requests are made with (undici's) takes no jsdom File.
  images: [new NodeFile(['x'], 'a.png', { type: 'image/png' }) as unknown as File],
};

/** Requests sent to a path: method, url, headers and multipart fields (files by name). */
function recordRequests(pattern: RegExp) {
  const seen: { method: string; url: string; headers: Headers; form: Record<string, unknown[]> }[] = [];
  const reading: Promise<unknown>[] = [];
  server.events.on('request:start', ({ request }) => {
    if (!pattern.test(new URL(request.url).pathname)) return;
    const form: Record<string, unknown[]> = {};
    seen.push({ method: request.method, url: request.url, headers: request.headers, form });
    if (request.method === 'GET' || request.method === 'DELETE') return;
    reading.push(
      request
        .clone()
        .formData()
        .then((data) =>
          data.forEach((value, key) => {
            (form[key] ??= []).push(typeof value === 'string' ? value : value.name);
          }),
        ),
    );
  });
  /** The requests, once their bodies are read. */
  return { seen, read: () => Promise.all(reading).then(() => seen) };
}

afterEach(() => server.events.removeAllListeners());

describe('mappers', () => {
  it('reads a wire need, dropping unsafe image addresses and a missing contact', () => {
    const { contactDetails: _omitted, ...visitorView } = needs.homestay;
    const need = toNeed({ ...visitorView, images: ['/uploads/needs/a.webp', 'javascript:alert(1)', '//evil.example/x.png', 3] });
    expect(need).toMatchObject({
      _id: needs.homestay._id,
      type: 'need',
      contactDetails: null,
      images: ['/uploads/needs/a.webp'],
      location: { city: 'Manali', postalCode: '175131', coordinates: { latitude: 32.2526, longitude: 77.1746 } },
      user: { _id: demoUser._id },
    });
    expect(toNeed({ ...needs.homestay, type: 'other' })).toBeNull();
    expect(toNeed({ type: 'need' })).toBeNull();
  });

  it('reads a page, and any other shape as an empty last page', () => {
    expect(toNeedPage({ data: [needs.homestay, { nope: 1 }], nextCursor: 'abc' })).toMatchObject({
      items: [{ _id: needs.homestay._id }],
      nextCursor: 'abc',
    });
    for (const body of [null, [], { data: 'x' }, { needs: [] }, 'oops']) {
      expect(toNeedPage(body)).toEqual({ items: [], nextCursor: null });
    }
  });
});

it('lists by type with a cursor for the next page', async () => {
  const { seen } = recordRequests(/\/api\/all-needs$/);
  server.use(
    http.get('*/api/all-needs', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      return HttpResponse.json({ success: true, data: cursor ? [needs.scooters] : [needs.homestay], nextCursor: cursor ? null : 'c1' });
    }),
  );
  const store = makeApiStore();
  await store.dispatch(needsApi.endpoints.getNeeds.initiate({ type: 'available' }));
  const result = await store.dispatch(needsApi.endpoints.getNeeds.initiate({ type: 'available' }, { direction: 'forward' }));

  expect(result.data?.pages.flatMap((page) => page.items.map((need) => need._id))).toEqual([needs.homestay._id, needs.scooters._id]);
  expect(new URL(seen[0].url).searchParams.get('type')).toBe('available');
  expect(new URL(seen[0].url).searchParams.get('cursor')).toBeNull();
  expect(new URL(seen[1].url).searchParams.get('cursor')).toBe('c1');
});

it('creates with the multipart form, the session user in the path and the Idempotency-Key', async () => {
  const requests = recordRequests(/\/api\/create-need\//);
  const result = await makeApiStore()
    .dispatch(needsApi.endpoints.createNeed.initiate({ userId: demoUser._id, input, idempotencyKey: 'key-1' }))
    .unwrap();
  const seen = await requests.read();

  expect(result).toMatchObject({ message: 'Need created successfully!', need: { _id: needs.created._id } });
  expect(seen).toHaveLength(1);
  expect(seen[0].method).toBe('POST');
  expect(new URL(seen[0].url).pathname).toBe(`/api/create-need/${demoUser._id}`);
  expect(seen[0].headers.get('Idempotency-Key')).toBe('key-1');
  expect(seen[0].headers.get('Authorization')).toBe(`Bearer ${demoToken}`);
  expect(seen[0].form).toMatchObject({ type: ['available'], serviceName: ['Ride to Kasol'], latitude: ['32.252600'], images: ['a.png'] });
  expect(seen[0].form.keepImages).toBeUndefined();
});

it('updates with keepImages as JSON, and deletes', async () => {
  const requests = recordRequests(/\/api\/needs\//);
  const store = makeApiStore();
  await store
    .dispatch(needsApi.endpoints.updateNeed.initiate({ id: needs.created._id, input: { ...input, images: [] }, keepImages: ['/uploads/needs/x.webp'] }))
    .unwrap();
  await store.dispatch(needsApi.endpoints.deleteNeed.initiate(needs.created._id)).unwrap();
  const seen = await requests.read();

  expect(seen.map((request) => request.method)).toEqual(['PUT', 'DELETE']);
  expect(new URL(seen[0].url).pathname).toBe(`/api/needs/${needs.created._id}`);
  expect(seen[0].form.keepImages).toEqual(['["/uploads/needs/x.webp"]']);
  expect(seen[0].form.images).toBeUndefined();
});

it('refetches the list and the detail after an edit', async () => {
  let listCalls = 0;
  let detailCalls = 0;
  server.use(
    http.get('*/api/all-needs', () => {
      listCalls += 1;
      return HttpResponse.json({ success: true, data: [needs.homestay], nextCursor: null });
    }),
    http.get('*/api/singleneeds/:id', () => {
      detailCalls += 1;
      return HttpResponse.json({ success: true, need: needs.homestay });
    }),
  );
  const store = makeApiStore();
  const list = store.dispatch(needsApi.endpoints.getNeeds.initiate({}));
  const detail = store.dispatch(needsApi.endpoints.getNeed.initiate(needs.homestay._id));
  await Promise.all([list, detail]);
  await store.dispatch(needsApi.endpoints.updateNeed.initiate({ id: needs.homestay._id, input, keepImages: [] })).unwrap();
  // Both read again, and then nothing more once every read has settled.
  await waitFor(() => expect([listCalls, detailCalls]).toEqual([2, 2]));
  await waitFor(() => expect(pendingQueries(store)).toEqual([]));
  expect(listCalls).toBe(2);
  expect(detailCalls).toBe(2);
  list.unsubscribe();
  detail.unsubscribe();
});
