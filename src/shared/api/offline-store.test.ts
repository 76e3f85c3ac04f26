import 'fake-indexeddb/auto';
import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { server } from '@mocks/server';
import { sessionReducer, type SessionState } from '../auth';
import { baseApi, endSession } from './base-api';
import { messagesApi } from './endpoints/messages';
import { needsApi } from './endpoints/needs';
import { clearOfflineData, offlineQueueMiddleware, whenCleared } from './offline-entry';
import { ENTRIES_PER_ENDPOINT, offlineDb, storeAnswer } from './offline-store';

// When the first screen is drawn: at once, unless a test holds it back.
let mockFirstScreen: Promise<void> = Promise.resolve();
jest.mock('../lib/after-first-screen', () => ({ afterFirstScreen: () => mockFirstScreen }));
/** Holds the first screen back until the returned function is called. */
function holdFirstScreen(): () => void {
  let drawn!: () => void;
  mockFirstScreen = new Promise((resolve) => {
    drawn = resolve;
  });
  return drawn;
}

const asha = { userId: 'member-asha', token: 'token-asha', expired: false };
const ravi = { userId: 'member-ravi', token: 'token-ravi', expired: false };
const signedOut: SessionState = { userId: null, token: null, expired: false };

/** A store as the app makes one; a new one is a reload (the api cache starts empty). */
const makeApiStore = (session: SessionState) => configureStore({
  reducer: { [baseApi.reducerPath]: baseApi.reducer, session: sessionReducer },
  preloadedState: { session },
  middleware: (getDefault) => getDefault().concat(baseApi.middleware, offlineQueueMiddleware),
});

const row = (content: string) => ({
  _id: `m-${content}`, content, createdAt: '2026-11-27T10:00:00.000Z', read: true,
  sender: { _id: 'member-asha', username: 'asha', profileImage: '' },
  receiver: { _id: 'member-kai', username: 'kai', profileImage: '' },
  with: { _id: 'member-kai', username: 'kai', profileImage: '', firstName: 'Kai', lastName: 'Lee' },
  unreadCount: 0,
});
const inboxAnswer = (content: string) => ({ success: true, messages: [row(content)], unreadTotal: 0 });

/** The answers the server gives while "online", and what it got. */
let seen: { path: string; authorization: string | null }[];
const online = () => server.use(
  http.get('*/api/messages', ({ request }) => {
    seen.push({ path: new URL(request.url).pathname, authorization: request.headers.get('Authorization') });
    return HttpResponse.json(inboxAnswer(request.headers.get('Authorization') === `Bearer ${ravi.token}` ? 'ravi sees this' : 'hello kai'));
  }),
);
/** No connection: every request fails as fetch does offline. */
const offline = () => server.use(http.all('*/api/*', () => HttpResponse.error()));

// What IndexedDB holds once a clear under way (a session ended: endSession does not wait for it) is done.
const keptAnswers = async () => {
  await whenCleared();
  return (await offlineDb()).getAll('answers');
};
const readInbox = (store: ReturnType<typeof makeApiStore>) => store.dispatch(messagesApi.endpoints.getInbox.initiate(undefined, { forceRefetch: true }));

beforeEach(async () => {
  seen = [];
  mockFirstScreen = Promise.resolve();
  await clearOfflineData();
});

it('keeps a signed-in member\'s answer and serves it when a reload finds no connection', async () => {
  online();
  const before = makeApiStore(asha);
  const fresh = await readInbox(before);
  expect(fresh.data?.conversations[0].last.content).toBe('hello kai');
  await waitFor(async () => expect(await keptAnswers()).toHaveLength(1));
  expect((await keptAnswers())[0]).toMatchObject({ member: asha.userId, endpoint: 'getInbox', body: inboxAnswer('hello kai') });

  offline();
  const reloaded = makeApiStore(asha);
  const result = await readInbox(reloaded);

  expect(result.error).toBeUndefined();
  expect(result.data).toEqual(fresh.data);
});

it('keeps an answer only once the first screen is drawn, never beside it', async () => {
  const drawn = holdFirstScreen();
  online();
  expect((await readInbox(makeApiStore(asha))).error).toBeUndefined();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await keptAnswers()).toEqual([]);

  drawn();
  await waitFor(async () => expect(await keptAnswers()).toHaveLength(1));
});

it('answers a read that gets no answer before the first screen is drawn with the fresh answer, not an older visit\'s', async () => {
  await storeAnswer(asha.userId, 'getInbox', 'messages', inboxAnswer('from a past visit'));
  mockFirstScreen = new Promise(() => undefined);
  online();
  const store = makeApiStore(asha);
  const fresh = await readInbox(store);
  expect(fresh.data?.conversations[0].last.content).toBe('hello kai');

  offline();
  const again = await readInbox(store);
  expect(again.error).toBeUndefined();
  expect(again.data).toEqual(fresh.data);
});

it('does not keep an answer whose keeping waited for the first screen when the session ended meanwhile', async () => {
  const drawn = holdFirstScreen();
  online();
  const store = makeApiStore(asha);
  expect((await readInbox(store)).error).toBeUndefined();
  await endSession(store.dispatch, 'logout');
  drawn();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await keptAnswers()).toEqual([]);
});

it('still fails offline for a request never answered before', async () => {
  offline();
  const result = await makeApiStore(asha).dispatch(needsApi.endpoints.getNeed.initiate('never-opened'));
  expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
});

it('keeps nothing for a signed-out visitor, even of a public endpoint on the list', async () => {
  server.use(http.get('*/api/singleneeds/:id', () => HttpResponse.json({ success: true, need: { _id: 'need-1', title: 'A ride' } })));
  const visitor = makeApiStore(signedOut);
  expect((await visitor.dispatch(needsApi.endpoints.getNeed.initiate('need-1'))).error).toBeUndefined();
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await keptAnswers()).toEqual([]);

  offline();
  const result = await makeApiStore(signedOut).dispatch(needsApi.endpoints.getNeed.initiate('need-1'));
  expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
});

it('never answers one member\'s request with what another member saw', async () => {
  online();
  await readInbox(makeApiStore(asha));
  await waitFor(async () => expect(await keptAnswers()).toHaveLength(1));

  offline();
  const result = await readInbox(makeApiStore(ravi));

  expect(result.data).toBeUndefined();
  expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
  // And Ravi's own answer, once seen, is his alone.
  online();
  await readInbox(makeApiStore(ravi));
  await waitFor(async () => expect(await keptAnswers()).toHaveLength(2));
  offline();
  expect((await readInbox(makeApiStore(ravi))).data?.conversations[0].last.content).toBe('ravi sees this');
  expect((await readInbox(makeApiStore(asha))).data?.conversations[0].last.content).toBe('hello kai');
});

it.each(['logout', 'deleted', 'expired'] as const)('empties everything kept when the session ends (%s)', async (reason) => {
  online();
  const store = makeApiStore(asha);
  await readInbox(store);
  await waitFor(async () => expect(await keptAnswers()).toHaveLength(1));

  await endSession(store.dispatch, reason);

  expect(await keptAnswers()).toEqual([]);
  offline();
  expect((await readInbox(makeApiStore(asha))).error).toMatchObject({ status: 'FETCH_ERROR' });
});

it('keeps what the next session reads while the last session\'s answers are emptied', async () => {
  online();
  const store = makeApiStore(asha);
  await readInbox(store);
  await waitFor(async () => expect(await keptAnswers()).toHaveLength(1));

  // Asha logs out and Ravi signs in at once: his first answer is read while hers are being emptied.
  void endSession(store.dispatch, 'logout');
  await readInbox(makeApiStore(ravi));

  await waitFor(async () => expect(await keptAnswers()).toEqual([expect.objectContaining({ member: ravi.userId, body: inboxAnswer('ravi sees this') })]));
  offline();
  expect((await readInbox(makeApiStore(ravi))).data).toBeDefined();
});

it('does not keep an answer that arrives after the session ended', async () => {
  let answer: (() => void) | undefined;
  server.use(http.get('*/api/messages', () => new Promise<Response>((resolve) => {
    answer = () => resolve(HttpResponse.json(inboxAnswer('late')));
  })));
  const store = makeApiStore(asha);
  const reading = readInbox(store);
  await waitFor(() => expect(answer).toBeDefined());
  await endSession(store.dispatch, 'logout');
  answer?.();
  await reading;
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await keptAnswers()).toEqual([]);
});

it(`keeps at most ${ENTRIES_PER_ENDPOINT} answers per member and endpoint, the oldest going first`, async () => {
  let now = 1_000;
  const clock = jest.spyOn(Date, 'now').mockImplementation(() => (now += 1));
  try {
    for (let page = 0; page < ENTRIES_PER_ENDPOINT + 5; page += 1) await storeAnswer(asha.userId, 'getNeed', `needs/${page}`, { page });
    await storeAnswer(ravi.userId, 'getNeed', 'needs/0', { page: 0 });
  } finally {
    clock.mockRestore();
  }
  const kept = await keptAnswers();
  const ashas = kept.filter((entry) => entry.member === asha.userId).map((entry) => (entry.body as { page: number }).page).sort((a, b) => a - b);
  expect(ashas).toEqual(Array.from({ length: ENTRIES_PER_ENDPOINT }, (_, index) => index + 5));
  expect(kept.filter((entry) => entry.member === ravi.userId)).toHaveLength(1);
});

async function waitFor(check: () => Promise<void> | void, timeout = 3000): Promise<void> {
  const until = Date.now() + timeout;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
