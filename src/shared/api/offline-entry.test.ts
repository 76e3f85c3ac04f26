import { configureStore } from '@reduxjs/toolkit';
import type * as Auth from '../auth';
import type * as Entry from './offline-entry';

// The queue's code (offline-sync.ts and what it imports) stands in for itself here: whether and when
// it is loaded is what startOfflineQueueForMembers decides.
const mockLoads = jest.fn();
const mockStopQueue = jest.fn();
const mockStartOfflineQueue = jest.fn((_store: unknown) => mockStopQueue);
let mockFailLoads = 0;
jest.mock('./offline-sync', () => {
  mockLoads();
  if (mockFailLoads > 0) {
    mockFailLoads -= 1;
    throw new Error('Loading chunk 512 failed.');
  }
  return { startOfflineQueue: mockStartOfflineQueue };
});

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

const visitor = { userId: null, token: null, expired: false };
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A page load: every module afresh (the stand-in for the queue's code too: a failed load is tried again). */
function freshApp() {
  jest.resetModules();
  /* eslint-disable @typescript-eslint/no-require-imports */
  const entry = require('./offline-entry') as typeof Entry;
  const auth = require('../auth') as typeof Auth;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const store = configureStore({ reducer: { session: auth.sessionReducer }, preloadedState: { session: visitor } });
  return { entry, auth, store };
}

/** `member` signed in on that page load, and its queue's start called. */
function startSignedIn({ entry, auth, store }: ReturnType<typeof freshApp>, member: string) {
  store.dispatch(auth.sessionStarted({ userId: member, token: `token-${member}` }));
  return entry.startOfflineQueueForMembers(store);
}

beforeEach(() => {
  mockLoads.mockClear();
  mockStartOfflineQueue.mockClear();
  mockStopQueue.mockClear();
  mockFailLoads = 0;
  mockFirstScreen = Promise.resolve();
  localStorage.clear();
});

it('never loads the queue for a visitor; loads and starts it once when a member signs in, and stops it with the app', async () => {
  const { entry, auth, store } = freshApp();
  const stop = entry.startOfflineQueueForMembers(store);
  await settle();
  expect(mockLoads).not.toHaveBeenCalled();
  expect(mockStartOfflineQueue).not.toHaveBeenCalled();

  store.dispatch(auth.sessionStarted({ userId: 'member-asha', token: 'token-asha' }));
  await settle();
  expect(mockLoads).toHaveBeenCalledTimes(1);
  expect(mockStartOfflineQueue).toHaveBeenCalledTimes(1);
  expect(mockStartOfflineQueue).toHaveBeenCalledWith(store);

  // The queue follows the session itself from now on: it is never started twice.
  store.dispatch(auth.sessionCleared());
  store.dispatch(auth.sessionStarted({ userId: 'member-ravi', token: 'token-ravi' }));
  await settle();
  expect(mockStartOfflineQueue).toHaveBeenCalledTimes(1);

  stop();
  expect(mockStopQueue).toHaveBeenCalledTimes(1);
});

it('tries a load that failed (no connection, no service worker yet) again when the browser is back online', async () => {
  mockFailLoads = 1;
  const { entry, auth, store } = freshApp();
  store.dispatch(auth.sessionStarted({ userId: 'member-asha', token: 'token-asha' }));
  const stop = entry.startOfflineQueueForMembers(store);
  try {
    await settle();
    expect(mockLoads).toHaveBeenCalledTimes(1);
    expect(mockStartOfflineQueue).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('online'));
    await settle();
    expect(mockLoads).toHaveBeenCalledTimes(2);
    expect(mockStartOfflineQueue).toHaveBeenCalledWith(store);
  } finally {
    stop();
  }
});

it('gives the store no queue work until the queue is loaded, then its hook after every action', () => {
  const { entry } = freshApp();
  const next = jest.fn((action: unknown) => action);
  const api = { dispatch: jest.fn(), getState: jest.fn() };
  const action = { type: 'api/executeQuery/fulfilled' };
  expect(entry.offlineQueueMiddleware(api)(next)(action)).toBe(action);

  const hook = jest.fn();
  entry.setQueueActionHook(hook);
  entry.offlineQueueMiddleware(api)(next)(action);
  expect(hook).toHaveBeenCalledWith(api, action);
  expect(next).toHaveBeenCalledTimes(2);
});

it('starts a member\'s queue once the first screen is drawn, but at once when the queue noted actions of theirs waiting', async () => {
  const drawn = holdFirstScreen();
  const first = freshApp();
  const stopFirst = startSignedIn(first, 'member-asha');
  await settle();
  expect(mockLoads).not.toHaveBeenCalled();
  drawn();
  await settle();
  expect(mockStartOfflineQueue).toHaveBeenCalledTimes(1);
  stopFirst();

  // Asha acted offline (the queue notes it), then the page is loaded again: her queue does not wait.
  first.entry.noteWaiting(['member-asha']);
  mockFirstScreen = new Promise(() => undefined);
  const stopNext = startSignedIn(freshApp(), 'member-asha');
  await settle();
  expect(mockStartOfflineQueue).toHaveBeenCalledTimes(2);
  stopNext();

  // Another member's note is not hers, and a session's end removes every note.
  const other = freshApp();
  const stopOther = startSignedIn(other, 'member-ravi');
  await settle();
  expect(mockStartOfflineQueue).toHaveBeenCalledTimes(2);
  stopOther();
  void other.entry.clearOfflineData();
  expect(localStorage.length).toBe(0);
});
