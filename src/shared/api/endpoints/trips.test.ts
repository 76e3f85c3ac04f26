import { configureStore } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { companions, goaTrip, hampiTrip, manaliTrip, tripsAnswers } from '@mocks/fixtures/trips';
import { demoToken, demoUser } from '@mocks/fixtures/users';
import { server } from '@mocks/server';
import { pendingQueries } from '@test-utils/pending-queries';
import { sessionReducer } from '../../auth';
import { baseApi } from '../base-api';
import { toCompanions, toMyTrips, toTrip, tripsApi } from './trips';

const makeApiStore = () =>
  configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, session: sessionReducer },
    preloadedState: { session: { userId: demoUser._id, token: demoToken, expired: false } },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });

/** GET paths as they are asked. */
function gets() {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET') seen.push(new URL(request.url).pathname);
  });
  return seen;
}

afterEach(() => server.events.removeAllListeners());

it('maps trips, and refuses what is not one', () => {
  expect(toTrip(manaliTrip)).toEqual(manaliTrip);
  expect(toTrip({ from: 'no id' })).toBeNull();
  expect(toMyTrips(tripsAnswers.listTrips.ok)).toEqual({ upcoming: [manaliTrip, hampiTrip], past: [goaTrip] });
  // Spec §7: an unexpected shape is an empty list.
  expect(toMyTrips({ success: true, data: { upcoming: 'soon', past: [null, goaTrip] } })).toEqual({ upcoming: [], past: [goaTrip] });
  expect(toMyTrips(null)).toEqual({ upcoming: [], past: [] });
});

it('keeps only who and where of a companion: contact details never reach a screen', () => {
  const withContact = { ...companions[0], user: { ...companions[0].user, email: 'kabir@example.com', contactNumber: '+919800000001' } };
  const [first] = toCompanions({ success: true, matching: true, data: [withContact, { user: 'nobody' }] }).companions;
  expect(first.user).toEqual(companions[0].user);
  expect(Object.keys(first.user).sort()).toEqual(['_id', 'firstName', 'lastName', 'profileImage', 'username']);
  expect(toCompanions(tripsAnswers.companions.ok)).toEqual({ matching: true, companions });
  expect(toCompanions({ data: 'x' })).toEqual({ matching: false, companions: [] });
});

it('a new trip refreshes the traveller\'s trips and the companions, with its Idempotency-Key', async () => {
  const store = makeApiStore();
  const trips = store.dispatch(tripsApi.endpoints.getMyTrips.initiate(demoUser._id));
  const matches = store.dispatch(tripsApi.endpoints.getCompanions.initiate());
  await Promise.all([trips, matches]);
  const seen = gets();
  let key: string | null = null;
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST') key = request.headers.get('Idempotency-Key');
  });

  const sent = await store
    .dispatch(
      tripsApi.endpoints.sendTripRequest.initiate({
        userId: demoUser._id,
        input: { from: 'Panaji', to: 'Manali', startDate: '2030-12-01', endDate: '2030-12-04', peopleCount: 2, budget: 25000 },
        idempotencyKey: 'k-1',
      }),
    )
    .unwrap();
  expect(sent).toEqual({ status: true, message: 'Your trip request has been sent successfully.', trip: tripsAnswers.sendTripRequest.ok.trip });
  expect(key).toBe('k-1');
  // Both read again, and then nothing more once every read has settled.
  await waitFor(() => expect([...seen].sort()).toEqual(['/api/companions', `/api/users/${demoUser._id}/trips`]));
  await waitFor(() => expect(pendingQueries(store)).toEqual([]));
  expect(seen.sort()).toEqual(['/api/companions', `/api/users/${demoUser._id}/trips`]);
  trips.unsubscribe();
  matches.unsubscribe();
});

it('cancelling a trip refreshes the trips', async () => {
  const store = makeApiStore();
  const trips = store.dispatch(tripsApi.endpoints.getMyTrips.initiate(demoUser._id));
  await trips;
  const seen = gets();
  await store.dispatch(tripsApi.endpoints.cancelTrip.initiate(manaliTrip._id)).unwrap();
  await waitFor(() => expect(seen).toEqual([`/api/users/${demoUser._id}/trips`]));
  await waitFor(() => expect(pendingQueries(store)).toEqual([]));
  expect(seen).toEqual([`/api/users/${demoUser._id}/trips`]);
  trips.unsubscribe();
});
