import 'fake-indexeddb/auto';
import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { server } from '@mocks/server';
import { sessionReducer, type SessionState } from '../auth';
import { baseApi, endSession } from './base-api';
import { queueMessage } from './endpoints/messages';
import { eventAttendanceApi } from './endpoints/event-attendance';
import { LIKE_FAILED, whispersApi } from './endpoints/whispers';
import { onFailureNotice } from './failure-notice';
import { flushQueue, loadQueue, MAX_WAIT_MS, queuedActions, WAITED_TOO_LONG } from './offline-queue';
import { clearOfflineData, hasWaiting, noteWaiting, offlineQueueMiddleware, whenCleared } from './offline-entry';
import { offlineDb } from './offline-store';
import type * as Entry from './offline-entry';
import type * as Queue from './offline-queue';
import type * as Sync from './offline-sync';
import type * as Auth from '../auth';
import type * as BaseApi from './base-api';
import type * as Whispers from './endpoints/whispers';

const asha: SessionState = { userId: 'member-asha', token: 'token-asha', expired: false };
const kai = { _id: 'member-kai', username: 'kai', firstName: 'Kai', lastName: 'Lee', profileImage: '' };

const makeApiStore = () => configureStore({
  reducer: { [baseApi.reducerPath]: baseApi.reducer, session: sessionReducer },
  preloadedState: { session: asha },
  middleware: (getDefault) => getDefault().concat(baseApi.middleware, offlineQueueMiddleware),
});
type ApiStore = ReturnType<typeof makeApiStore>;

const whisper = { _id: 'whisper-1', title: 'Hidden cove', description: '', location: 'Goa', category: 'Beach', images: [], commentCount: 0, createdAt: '2026-11-01T00:00:00.000Z', user: kai };
/** What the server holds: the whisper's likes, whom Asha follows. */
let likes: string[];
let followers: number;
let requests: { method: string; path: string; key: string | null }[];

/** The server as it answers when the connection is there. */
const online = () => server.use(
  http.get('*/api/whispers/public-profile/:id', () => HttpResponse.json({
    success: true, profile: { ...kai, followersCount: followers, followingCount: 0, postsCount: 1, followers: [], isFollowing: followers > 3, friendStatus: 'none', blocked: false }, posts: [],
  })),
  http.get('*/api/whispers/:id', () => HttpResponse.json({ success: true, whisper: { ...whisper, likes } })),
  http.post('*/api/whispers/:id/like', ({ request }) => {
    requests.push({ method: 'POST', path: new URL(request.url).pathname, key: request.headers.get('Idempotency-Key') });
    likes = likes.includes(asha.userId as string) ? [] : [asha.userId as string];
    return HttpResponse.json({ success: true, liked: likes.length > 0, likes, likesCount: likes.length });
  }),
  http.post('*/api/whispers/:id/follow', ({ request }) => {
    requests.push({ method: 'POST', path: new URL(request.url).pathname, key: request.headers.get('Idempotency-Key') });
    followers = 4;
    return HttpResponse.json({ success: true, message: 'You are now following this user.', following: true, followersCount: followers });
  }),
  http.post('*/api/messages/:userId', async ({ request }) => {
    requests.push({ method: 'POST', path: new URL(request.url).pathname, key: request.headers.get('Idempotency-Key') });
    const { content } = await request.json() as { content: string };
    return HttpResponse.json({ success: true, message: { _id: `m-${requests.length}`, content, createdAt: new Date().toISOString(), read: false, sender: { _id: asha.userId, username: 'asha', profileImage: '' }, receiver: kai } }, { status: 201 });
  }),
  http.put('*/api/events/:id/rsvp', ({ request }) => {
    requests.push({ method: 'PUT', path: new URL(request.url).pathname, key: request.headers.get('Idempotency-Key') });
    return HttpResponse.json({ success: true, attendance: { capacity: null, going: 1, interested: 0, waiting: 0, myStatus: 'going', waitlistPosition: null } });
  }),
);
/** No connection: every request fails as fetch does offline (reads too: none was kept in these tests but the whisper's). */
const offline = () => server.use(http.all('*/api/*', () => HttpResponse.error()));

const like = (store: ApiStore, key: string, liked = true) =>
  store.dispatch(whispersApi.endpoints.likeWhisper.initiate({ whisper, userId: asha.userId as string, liked, idempotencyKey: key }));
const follow = (store: ApiStore, key: string) => store.dispatch(whispersApi.endpoints.setFollow.initiate({ userId: kai._id, follow: true, idempotencyKey: key }));
const rsvp = (store: ApiStore, key: string) => store.dispatch(eventAttendanceApi.endpoints.setEventRsvp.initiate({ eventId: 'event-1', status: 'going', idempotencyKey: key }));
const shownLikes = (store: ApiStore) => whispersApi.endpoints.getWhisper.select(whisper._id)(store.getState()).data?.likes;
// What IndexedDB holds once a clear under way (a session ended: endSession does not wait for it) is done.
const storedQueue = async () => {
  await whenCleared();
  return (await offlineDb()).getAll('queue');
};

let notices: string[];
let stopNotices: () => void;
beforeEach(async () => {
  likes = [];
  followers = 3;
  requests = [];
  notices = [];
  stopNotices = onFailureNotice((text) => notices.push(text));
  await endSession(makeApiStore().dispatch, 'logout');
  await clearOfflineData();
});
afterEach(() => stopNotices());

it('queues a like, a follow, an RSVP and a message made offline, keeps their optimistic state, and sends them in order once each with the keys made when the member acted', async () => {
  online();
  const store = makeApiStore();
  await store.dispatch(whispersApi.endpoints.getWhisper.initiate(whisper._id));
  await store.dispatch(whispersApi.endpoints.getWhisperProfile.initiate(kai._id));

  offline();
  expect((await like(store, 'key-like')).error).toMatchObject({ status: 'FETCH_ERROR' });
  await follow(store, 'key-follow');
  await rsvp(store, 'key-rsvp');
  await queueMessage(asha.userId as string, kai._id, 'See you at the cove');

  // Waiting: shown as done, no failure said, kept in IndexedDB in order.
  expect(shownLikes(store)).toEqual([asha.userId]);
  expect(whispersApi.endpoints.getWhisperProfile.select(kai._id)(store.getState()).data).toMatchObject({ isFollowing: true, followersCount: 4 });
  expect(notices).toEqual([]);
  expect(queuedActions().map((action) => [action.endpoint, action.key.startsWith('key-') ? action.key : 'made'])).toEqual([
    ['likeWhisper', 'key-like'], ['setFollow', 'key-follow'], ['setEventRsvp', 'key-rsvp'], ['sendMessage', 'made'],
  ]);
  expect((await storedQueue()).sort((a, b) => a.order - b.order).map((action) => action.endpoint)).toEqual(['likeWhisper', 'setFollow', 'setEventRsvp', 'sendMessage']);
  const messageKey = queuedActions()[3].key;

  online();
  await Promise.all([flushQueue(store), flushQueue(store)]);
  await flushQueue(store);

  expect(requests).toEqual([
    { method: 'POST', path: `/api/whispers/${whisper._id}/like`, key: 'key-like' },
    { method: 'POST', path: `/api/whispers/${kai._id}/follow`, key: 'key-follow' },
    { method: 'PUT', path: '/api/events/event-1/rsvp', key: 'key-rsvp' },
    { method: 'POST', path: `/api/messages/${kai._id}`, key: messageKey },
  ]);
  expect(queuedActions()).toEqual([]);
  expect(await storedQueue()).toEqual([]);
  expect(likes).toEqual([asha.userId]);
  expect(shownLikes(store)).toEqual([asha.userId]);
  expect(notices).toEqual([]);
});

it('stops at the first action that gets no answer, keeping the order, and sends it again later with the same key', async () => {
  online();
  const store = makeApiStore();
  offline();
  await like(store, 'key-like');
  await follow(store, 'key-follow');

  // The connection is back for follows, not yet for likes: nothing overtakes the like.
  online();
  server.use(http.post('*/api/whispers/:id/like', ({ request }) => {
    requests.push({ method: 'POST', path: new URL(request.url).pathname, key: request.headers.get('Idempotency-Key') });
    return HttpResponse.error();
  }));
  await flushQueue(store);
  expect(requests.map((request) => request.key)).toEqual(['key-like']);
  expect(queuedActions().map((action) => action.key)).toEqual(['key-like', 'key-follow']);
  expect(notices).toEqual([]);

  server.resetHandlers();
  online();
  await flushQueue(store);
  expect(requests.map((request) => request.key)).toEqual(['key-like', 'key-like', 'key-follow']);
  expect(queuedActions()).toEqual([]);
});

it('drops an action the server refuses with a 4xx, with the failure toast and its state read again from the server, and goes on with the next', async () => {
  online();
  const store = makeApiStore();
  await store.dispatch(whispersApi.endpoints.getWhisper.initiate(whisper._id));
  offline();
  await like(store, 'key-like');
  await follow(store, 'key-follow');
  expect(shownLikes(store)).toEqual([asha.userId]);

  online();
  server.use(http.post('*/api/whispers/:id/like', () => HttpResponse.json({ message: 'Whisper not found' }, { status: 404 })));
  await flushQueue(store);

  expect(notices).toEqual([LIKE_FAILED]);
  expect(queuedActions()).toEqual([]);
  expect(await storedQueue()).toEqual([]);
  expect(requests.map((request) => request.key)).toEqual(['key-follow']);
  // Rolled back: the whisper read again, as the server has it.
  await until(() => expect(shownLikes(store)).toEqual([]));
});

it('drops an action that waited longer than the server keeps its key (with a notice), and sends the next', async () => {
  online();
  const store = makeApiStore();
  offline();
  // The like was queued a day ago (past the bound); the follow just now.
  const dayAgo = jest.spyOn(Date, 'now').mockReturnValue(Date.now() - MAX_WAIT_MS - 60_000);
  try {
    await like(store, 'key-like');
  } finally {
    dayAgo.mockRestore();
  }
  await follow(store, 'key-follow');
  expect(queuedActions().map((action) => action.key)).toEqual(['key-like', 'key-follow']);

  online();
  await flushQueue(store);
  expect(notices).toEqual([WAITED_TOO_LONG]);
  expect(requests.map((request) => request.key)).toEqual(['key-follow']);
  expect(queuedActions()).toEqual([]);
  expect(await storedQueue()).toEqual([]);
});

it('keeps waiting actions across a reload: their optimistic state shows on the answers read again, and they go once when the connection returns', async () => {
  online();
  const before = makeApiStore();
  await before.dispatch(whispersApi.endpoints.getWhisper.initiate(whisper._id));
  await until(async () => expect(await (await offlineDb()).count('answers')).toBe(1)); // the answer is kept in IndexedDB
  offline();
  await like(before, 'key-like');
  await queueMessage(asha.userId as string, kai._id, 'Typed on the bus');
  // Noted where the next page load reads it before any of this code: her queue will start at once.
  expect(hasWaiting(asha.userId as string)).toBe(true);

  // A reload: the app's modules and store start afresh; IndexedDB is what stays.
  let fresh!: { entry: typeof Entry; sync: typeof Sync; queue: typeof Queue; auth: typeof Auth; base: typeof BaseApi; whispers: typeof Whispers; messages: unknown };
  jest.isolateModules(() => {
    fresh = {
      /* eslint-disable @typescript-eslint/no-require-imports */
      entry: require('./offline-entry') as typeof Entry,
      queue: require('./offline-queue') as typeof Queue,
      sync: require('./offline-sync') as typeof Sync,
      auth: require('../auth') as typeof Auth,
      base: require('./base-api') as typeof BaseApi,
      whispers: require('./endpoints/whispers') as typeof Whispers,
      messages: require('./endpoints/messages') as unknown,
      /* eslint-enable @typescript-eslint/no-require-imports */
    };
  });
  const { entry, sync, queue, auth, base, whispers } = fresh;
  expect(queue.queuedActions()).toEqual([]);
  const store = configureStore({
    reducer: { [base.baseApi.reducerPath]: base.baseApi.reducer, session: auth.sessionReducer },
    preloadedState: { session: asha },
    middleware: (getDefault) => getDefault().concat(base.baseApi.middleware, entry.offlineQueueMiddleware),
  });
  const stop = sync.startOfflineQueue(store);
  try {
    // Still offline: the kept whisper is read, the like shown on it; nothing has gone yet.
    await until(() => expect(queue.queuedActions().map((action) => action.endpoint)).toEqual(['likeWhisper', 'sendMessage']));
    await store.dispatch(whispers.whispersApi.endpoints.getWhisper.initiate(whisper._id));
    expect(whispers.whispersApi.endpoints.getWhisper.select(whisper._id)(store.getState()).data?.likes).toEqual([asha.userId]);
    expect(requests).toEqual([]);

    online();
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await queue.flushQueue(store);
    expect(requests.map((request) => [request.path, request.key === 'key-like' ? 'key-like' : typeof request.key])).toEqual([
      [`/api/whispers/${whisper._id}/like`, 'key-like'],
      [`/api/messages/${kai._id}`, 'string'],
    ]);
    expect(queue.queuedActions()).toEqual([]);
    expect(await storedQueue()).toEqual([]);
    expect(entry.hasWaiting(asha.userId as string)).toBe(false);
  } finally {
    stop();
  }
});

it('rights a note of waiting actions when none was kept (the browser emptied IndexedDB)', async () => {
  noteWaiting([asha.userId as string]);
  await loadQueue(asha.userId as string);
  expect(queuedActions()).toEqual([]);
  expect(hasWaiting(asha.userId as string)).toBe(false);
});

it('empties the queue, in memory and in IndexedDB, when the session ends: nothing goes afterwards', async () => {
  online();
  const store = makeApiStore();
  offline();
  await like(store, 'key-like');
  await queueMessage(asha.userId as string, kai._id, 'Not for the next one');
  expect(queuedActions()).toHaveLength(2);

  await endSession(store.dispatch, 'logout');

  expect(queuedActions()).toEqual([]);
  expect(hasWaiting(asha.userId as string)).toBe(false);
  expect(await storedQueue()).toEqual([]);
  online();
  await flushQueue(store);
  expect(requests).toEqual([]);
});

/** Retries `check` until it passes (IndexedDB and refetches answer in their own time). */
async function until(check: () => Promise<void> | void, timeout = 5000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
