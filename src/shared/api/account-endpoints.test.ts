import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { demoToken, demoUser } from '@mocks/fixtures/users';
import { server } from '@mocks/server';
import { sessionReducer } from '../auth';
import { baseApi } from './base-api';
import { geoApi } from './endpoints/geo';
import { passwordResetApi } from './endpoints/password-reset';
import { accountApi } from './endpoints/account';

const makeApiStore = () =>
  configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, session: sessionReducer },
    preloadedState: { session: { userId: demoUser._id, token: demoToken, expired: false } },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });

it('asks the reverse lookup with 6-decimal coordinates and maps the answer', async () => {
  let url = '';
  server.events.on('request:start', ({ request }) => {
    url = request.url;
  });
  const result = await makeApiStore().dispatch(geoApi.endpoints.reverseGeocode.initiate({ lat: 15.49091234, lon: 73.8278 }));
  server.events.removeAllListeners();

  expect(url).toBe('http://localhost/api/geo/reverse?lat=15.490912&lon=73.827800');
  expect(result.data).toEqual({
    lat: 15.490912,
    lon: 73.8278,
    displayName: 'Rua de Ourem, Fontainhas, Panaji, Tiswadi, North Goa, Goa, 403001, India',
    address: {
      road: 'Rua de Ourem',
      neighbourhood: 'Fontainhas',
      city: 'Panaji',
      state: 'Goa',
      country: 'India',
      postcode: '403001',
    },
  });
});

it('maps place search results and drops malformed ones', async () => {
  server.use(
    http.get('*/api/geo/search', () =>
      HttpResponse.json({ status: true, results: [{ lat: 1, lon: 2, display_name: 'A' }, { lat: 'x', lon: 2 }] }),
    ),
  );
  const result = await makeApiStore().dispatch(geoApi.endpoints.searchPlaces.initiate('goa'));
  expect(result.data).toEqual([{ lat: 1, lon: 2, displayName: 'A' }]);
});

it('reads data.message from the forgot-password and delete-user answers', async () => {
  const store = makeApiStore();
  const sent = await store.dispatch(passwordResetApi.endpoints.requestPasswordReset.initiate({ email: 'a@b.co' }));
  expect(sent.data).toEqual({ status: true, message: 'An OTP has been sent to your email.' });

  server.use(http.delete('*/api/delete-user/:id', () => HttpResponse.json({ data: { message: 'Deleted!' } })));
  const deleted = await store.dispatch(accountApi.endpoints.deleteAccount.initiate({ userId: demoUser._id }));
  expect(deleted.data).toEqual({ status: false, message: 'Deleted!' });
});
