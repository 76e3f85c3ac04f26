import { configureStore } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { fortWhisper, stepwellWhisper, whispersAnswers } from '@mocks/fixtures/whispers';
import { demoToken, demoUser } from '@mocks/fixtures/users';
import { hold } from '@mocks/hold';
import { server } from '@mocks/server';
import { sessionReducer } from '../../auth';
import { baseApi } from '../base-api';
import { onFailureNotice } from '../failure-notice';
import { FOLLOW_FAILED, LIKE_FAILED, toWhisper, toWhisperPage, toWhisperProfile, whispersApi } from './whispers';

const makeStore = () =>
  configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, session: sessionReducer },
    preloadedState: { session: { userId: demoUser._id, token: demoToken, expired: false } },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
type Store = ReturnType<typeof makeStore>;

/** Holds the route's answer until `release()`; `answer` decides what it is. */
function gated(method: 'post', path: string, answer: () => Response) {
  const gate = hold();
  server.use(http[method](path, async () => {
    await gate.passed;
    return answer();
  }));
  return gate.release;
}
const notices: string[] = [];
let stopListening = () => {};
beforeEach(() => {
  notices.length = 0;
  stopListening = onFailureNotice((text) => notices.push(text));
});
afterEach(() => stopListening());

const listLikes = (store: Store, id: string) =>
  whispersApi.endpoints.getWhispers.select({})(store.getState()).data?.pages.flatMap((page) => page.items).find((item) => item._id === id)?.likes;
const detailLikes = (store: Store, id: string) => whispersApi.endpoints.getWhisper.select(id)(store.getState()).data?.likes;

it('maps whispers, pages and profiles, and treats other shapes as empty', () => {
  expect(toWhisper(fortWhisper)).toMatchObject({ _id: fortWhisper._id, likes: fortWhisper.likes, user: { username: 'demo' } });
  expect(toWhisper({ title: 'no id' })).toBeNull();
  expect(toWhisperPage({ whispers: [fortWhisper, 3], nextCursor: 'c' })).toEqual({ items: [toWhisper(fortWhisper)], nextCursor: 'c' });
  expect(toWhisperPage('junk')).toEqual({ items: [], nextCursor: null });
  const profile = toWhisperProfile(whispersAnswers.getPublicProfile.ok);
  expect(profile).toMatchObject({ username: 'rohan', followersCount: 1, isFollowing: true, posts: [toWhisper(stepwellWhisper)] });
  expect(toWhisperProfile({})).toBeNull();
});

describe('like (optimistic)', () => {
  async function loaded() {
    const store = makeStore();
    await store.dispatch(whispersApi.endpoints.getWhispers.initiate({}));
    await store.dispatch(whispersApi.endpoints.getWhisper.initiate(fortWhisper._id));
    return store;
  }

  it('shows the like at once in the list and the detail, and keeps it once the server confirms', async () => {
    const store = await loaded();
    const release = gated('post', '*/api/whispers/:id/like', () => HttpResponse.json({ success: true, liked: true, likes: [...fortWhisper.likes, demoUser._id], likesCount: 2 }));
    const done = store.dispatch(whispersApi.endpoints.likeWhisper.initiate({ whisper: fortWhisper, userId: demoUser._id, liked: true }));
    expect(listLikes(store, fortWhisper._id)).toEqual([...fortWhisper.likes, demoUser._id]);
    expect(detailLikes(store, fortWhisper._id)).toEqual([...fortWhisper.likes, demoUser._id]);
    release();
    await done;
    expect(listLikes(store, fortWhisper._id)).toEqual([...fortWhisper.likes, demoUser._id]);
    expect(notices).toEqual([]);
  });

  it('sets every view to the state clicked (views that disagreed agree), then to the server\'s likes', async () => {
    const store = await loaded();
    // The list already shows the user's like (say, from another tab); the detail does not.
    store.dispatch(whispersApi.util.updateQueryData('getWhispers', {}, (data) => {
      for (const page of data.pages) for (const item of page.items) if (item._id === fortWhisper._id) item.likes = [...fortWhisper.likes, demoUser._id];
    }));
    const someoneElse = 'someone-else-id';
    const release = gated('post', '*/api/whispers/:id/like', () =>
      HttpResponse.json({ success: true, liked: true, likes: [...fortWhisper.likes, someoneElse, demoUser._id], likesCount: 3 }));
    const done = store.dispatch(whispersApi.endpoints.likeWhisper.initiate({ whisper: fortWhisper, userId: demoUser._id, liked: true }));
    expect(listLikes(store, fortWhisper._id)).toEqual([...fortWhisper.likes, demoUser._id]); // not flipped away
    expect(detailLikes(store, fortWhisper._id)).toEqual([...fortWhisper.likes, demoUser._id]);
    release();
    await done;
    await waitFor(() => expect(listLikes(store, fortWhisper._id)).toEqual([...fortWhisper.likes, someoneElse, demoUser._id]));
    expect(detailLikes(store, fortWhisper._id)).toEqual([...fortWhisper.likes, someoneElse, demoUser._id]);
  });

  it('on a server error, reads the whisper again (the like is gone) and says so', async () => {
    const store = await loaded();
    const release = gated('post', '*/api/whispers/:id/like', () => HttpResponse.json({ message: 'Something went wrong' }, { status: 500 }));
    const done = store.dispatch(whispersApi.endpoints.likeWhisper.initiate({ whisper: fortWhisper, userId: demoUser._id, liked: true }));
    expect(detailLikes(store, fortWhisper._id)).toContain(demoUser._id);
    release();
    await done;
    await waitFor(() => expect(detailLikes(store, fortWhisper._id)).toEqual(fortWhisper.likes));
    await waitFor(() => expect(listLikes(store, fortWhisper._id)).toEqual(fortWhisper.likes));
    expect(notices).toEqual([LIKE_FAILED]);
  });
});

describe('follow (optimistic)', () => {
  const profileOf = (store: Store, userId: string) => whispersApi.endpoints.getWhisperProfile.select(userId)(store.getState()).data;
  async function loaded(isFollowing: boolean) {
    server.use(http.get('*/api/whispers/public-profile/:id', () =>
      HttpResponse.json({ ...whispersAnswers.getPublicProfile.ok, profile: { ...whispersAnswers.getPublicProfile.ok.profile, isFollowing, followersCount: 4 } })));
    const store = makeStore();
    await store.dispatch(whispersApi.endpoints.getWhisperProfile.initiate('rohan-id'));
    return store;
  }

  it('follows at once (button and count), then takes the server\'s count', async () => {
    const store = await loaded(false);
    const release = gated('post', '*/api/whispers/:id/follow', () => HttpResponse.json({ success: true, message: 'You are now following this user.', following: true, followersCount: 9 }));
    const done = store.dispatch(whispersApi.endpoints.setFollow.initiate({ userId: 'rohan-id', follow: true }));
    expect(profileOf(store, 'rohan-id')).toMatchObject({ isFollowing: true, followersCount: 5 });
    release();
    await done;
    await waitFor(() => expect(profileOf(store, 'rohan-id')).toMatchObject({ isFollowing: true, followersCount: 9 }));
  });

  it('reads the caller\'s own profile again once a follow is confirmed (its following count changed)', async () => {
    const store = await loaded(false);
    let ownReads = 0;
    server.use(http.get('*/api/whispers/public-profile/:id', ({ params }) => {
      if (params.id === demoUser._id) ownReads++;
      return HttpResponse.json(whispersAnswers.getPublicProfile.ok);
    }));
    const own = store.dispatch(whispersApi.endpoints.getWhisperProfile.initiate(demoUser._id));
    await own;
    expect(ownReads).toBe(1);
    await store.dispatch(whispersApi.endpoints.setFollow.initiate({ userId: 'rohan-id', follow: true }));
    await waitFor(() => expect(ownReads).toBe(2));
    own.unsubscribe();
  });

  it('rolls an unfollow back on failure and says \'Failed to update follow status\'', async () => {
    const store = await loaded(true);
    const release = gated('post', '*/api/whispers/:id/unfollow', () => HttpResponse.json({ message: 'nope' }, { status: 500 }));
    const done = store.dispatch(whispersApi.endpoints.setFollow.initiate({ userId: 'rohan-id', follow: false }));
    expect(profileOf(store, 'rohan-id')).toMatchObject({ isFollowing: false, followersCount: 3 });
    release();
    await done;
    expect(profileOf(store, 'rohan-id')).toMatchObject({ isFollowing: true, followersCount: 4 });
    expect(notices).toEqual([FOLLOW_FAILED]);
  });
});
