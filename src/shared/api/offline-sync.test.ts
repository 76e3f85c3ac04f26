import 'fake-indexeddb/auto';
import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { server } from '@mocks/server';
import { sessionReducer, sessionStarted, type SessionState } from '../auth';
import { baseApi } from './base-api';
import { offlineQueueMiddleware } from './offline-entry';
import { enqueue, flushQueue, queuedActions, retryPlanned, setEndpointLoader, stopRetrying, type QueuedAction } from './offline-queue';
import { offlineDb } from './offline-store';
import { startOfflineQueue } from './offline-sync';

// This file imports no endpoint module itself: whether the queue's endpoints are there is what
// startOfflineQueue loaded. The tests run in order: the first must see them never loaded.

const visitor: SessionState = { userId: null, token: null, expired: false };
const makeStore = (session: SessionState) => configureStore({
  reducer: { [baseApi.reducerPath]: baseApi.reducer, session: sessionReducer },
  preloadedState: { session },
  middleware: (getDefault) => getDefault().concat(baseApi.middleware, offlineQueueMiddleware),
});
const queueEndpoints = () => ['sendMessage', 'likeWhisper', 'setFollow', 'setEventRsvp'].filter((name) => name in baseApi.endpoints);
/** Lets IndexedDB and the dynamic imports answer. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

let sent: { path: string; key: string | null; content: string }[];
beforeEach(() => {
  sent = [];
  server.use(http.post('*/api/messages/:userId', async ({ request }) => {
    const { content } = await request.json() as { content: string };
    sent.push({ path: new URL(request.url).pathname, key: request.headers.get('Idempotency-Key'), content });
    return HttpResponse.json({ success: true, message: { _id: 'm-1', content, createdAt: new Date().toISOString(), read: false, sender: { _id: 'member-asha', username: 'asha', profileImage: '' }, receiver: { _id: 'member-kai', username: 'kai', profileImage: '' } } }, { status: 201 });
  }));
});

const databases = async () => (await indexedDB.databases()).map((database) => database.name);

it('loads no endpoint chunk for a visitor, nor for a member with nothing waiting (a first visit fetches only its own screen)', async () => {
  const store = makeStore(visitor);
  const stop = startOfflineQueue(store);
  try {
    await settle();
    expect(queueEndpoints()).toEqual([]);
    // Nor the database: nothing of a visitor's is kept (its code, idb, is a chunk loaded on first use).
    expect(await databases()).toEqual([]);

    store.dispatch(sessionStarted({ userId: 'member-asha', token: 'token-asha' }));
    await settle();
    expect(queuedActions()).toEqual([]);
    expect(queueEndpoints()).toEqual([]);
    expect(await databases()).toEqual(['need-spot-offline']); // the member's kept actions were looked for
  } finally {
    stop();
  }
});

it('an action whose endpoint chunk cannot be fetched yet waits for the next run, never dropped as unknown', async () => {
  const store = makeStore({ userId: 'member-asha', token: 'token-asha', expired: false });
  await enqueue('member-asha', 'sendMessage', { userId: 'member-kai', content: 'Sent from the bus', idempotencyKey: 'key-bus' });
  expect(queueEndpoints()).toEqual([]);
  try {
    setEndpointLoader(() => Promise.reject(new Error('Loading chunk 323 failed.')));
    await flushQueue(store);
    expect(queuedActions().map((action) => action.key)).toEqual(['key-bus']);
    expect(sent).toEqual([]);
    expect(retryPlanned()).toBe(true);

    // The connection is back: the next run loads the chunk and sends it.
    stopRetrying();
    setEndpointLoader(() => import('./endpoints/messages'));
    await flushQueue(store);
    expect(sent).toEqual([{ path: '/api/messages/member-kai', key: 'key-bus', content: 'Sent from the bus' }]);
    expect(queuedActions()).toEqual([]);
  } finally {
    setEndpointLoader(null);
    stopRetrying();
  }
});

it('loads the endpoints when a kept action waits, then sends it once with the key made when the member acted', async () => {
  const kept: QueuedAction = { member: 'member-asha', key: 'key-kept', endpoint: 'sendMessage', args: { userId: 'member-kai', content: 'Typed on the bus' }, at: Date.now(), order: Date.now() };
  await (await offlineDb()).put('queue', kept);

  const store = makeStore({ userId: 'member-asha', token: 'token-asha', expired: false });
  const stop = startOfflineQueue(store);
  try {
    for (let waited = 0; sent.length === 0 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queueEndpoints()).toEqual(['sendMessage', 'likeWhisper', 'setFollow', 'setEventRsvp']);
    expect(sent).toEqual([{ path: '/api/messages/member-kai', key: 'key-kept', content: 'Typed on the bus' }]);
    await settle();
    expect(queuedActions()).toEqual([]);
    expect(sent).toHaveLength(1);
  } finally {
    stop();
  }
});
