import { configureStore } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { challengesAnswers, streetFood, zeroWaste } from '@mocks/fixtures/challenges';
import { demoToken, demoUser } from '@mocks/fixtures/users';
import { hold } from '@mocks/hold';
import { server } from '@mocks/server';
import { sessionReducer } from '../../auth';
import { baseApi } from '../base-api';
import { onFailureNotice } from '../failure-notice';
import { challengesApi, toChallenge, toChallengeDetail } from './challenges';

const makeStore = () =>
  configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, session: sessionReducer },
    preloadedState: { session: { userId: demoUser._id, token: demoToken, expired: false } },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
type Store = ReturnType<typeof makeStore>;

const listIds = (store: Store) => challengesApi.endpoints.getChallenges.select()(store.getState()).data?.find((item) => item._id === streetFood._id)?.participantIds;
const detail = (store: Store) => challengesApi.endpoints.getChallenge.select(streetFood._id)(store.getState()).data;

function gatedJoin(answer: () => Response) {
  const gate = hold();
  server.use(http.post('*/api/challenges/:id/join', async () => {
    await gate.passed;
    return answer();
  }));
  return gate.release;
}
async function loaded() {
  server.use(http.get('*/api/challenges/:id', () => HttpResponse.json({ success: true, data: { data: { ...streetFood, progress: null } } })));
  const store = makeStore();
  await store.dispatch(challengesApi.endpoints.getChallenges.initiate());
  await store.dispatch(challengesApi.endpoints.getChallenge.initiate(streetFood._id));
  return store;
}

it('reads data / data.data envelopes; participants as { user } objects or ids; other shapes are empty', () => {
  expect(toChallenge(zeroWaste)).toMatchObject({ _id: zeroWaste._id, participantIds: zeroWaste.participants.map((p) => p.user), badge: 'Plastic-Free Pioneer' });
  expect(toChallenge({ ...zeroWaste, participants: ['a', { userId: 'b' }] })?.participantIds).toEqual(['a', 'b']);
  expect(toChallengeDetail(challengesAnswers.getChallenge.ok)).toMatchObject({ _id: zeroWaste._id, progress: { completedSteps: [0], completedAt: null } });
  expect(toChallengeDetail({ data: { ...zeroWaste } })).toMatchObject({ _id: zeroWaste._id, progress: null });
  expect(toChallengeDetail('junk')).toBeNull();
});

describe('join (optimistic)', () => {
  it('the user is a participant at once in the list and the detail, and stays one once the server agrees', async () => {
    const store = await loaded();
    const release = gatedJoin(() => HttpResponse.json(challengesAnswers.joinChallenge.ok));
    const done = store.dispatch(challengesApi.endpoints.joinChallenge.initiate({ id: streetFood._id, userId: demoUser._id }));
    expect(listIds(store)).toContain(demoUser._id);
    expect(detail(store)).toMatchObject({ participantIds: expect.arrayContaining([demoUser._id]), progress: { completedSteps: [] } });
    release();
    await done;
    expect(listIds(store)).toContain(demoUser._id);
  });

  it('undoes both on failure and says \'Join Failed\' with the server\'s message', async () => {
    const store = await loaded();
    const notices: string[] = [];
    const stop = onFailureNotice((text, title) => notices.push(`${title}: ${text}`));
    const release = gatedJoin(() => HttpResponse.json({ success: false, message: 'Challenge not found' }, { status: 404 }));
    const done = store.dispatch(challengesApi.endpoints.joinChallenge.initiate({ id: streetFood._id, userId: demoUser._id }));
    expect(listIds(store)).toContain(demoUser._id);
    release();
    await done;
    await waitFor(() => expect(notices).toEqual(['Join Failed: Challenge not found']));
    expect(listIds(store)).toEqual(streetFood.participants.map((p) => p.user));
    expect(detail(store)).toMatchObject({ participantIds: streetFood.participants.map((p) => p.user), progress: null });
    stop();
  });
});
