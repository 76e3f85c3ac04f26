import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { demoToken, demoUser } from '@mocks/fixtures/users';
import { server } from '@mocks/server';
import { createSessionPersistence, sessionReducer } from '../auth';
import { baseApi } from './base-api';
import { authApi } from './endpoints/auth';
import { notificationsApi } from './endpoints/notifications';
import { usersApi } from './endpoints/users';
import { onSessionEnd } from './session-hooks';
import { selectSessionUser } from './session-user';

const makeApiStore = () => {
  localStorage.setItem('userData', JSON.stringify({ ...demoUser, token: demoToken }));
  localStorage.setItem('token', demoToken);
  const persistence = createSessionPersistence(selectSessionUser);
  return configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, session: sessionReducer },
    preloadedState: { session: { userId: demoUser._id, token: demoToken, expired: false } },
    middleware: (getDefault) => getDefault().prepend(persistence.middleware).concat(baseApi.middleware),
  });
};

const refuse = (path: string) => http.all(path, () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 }));

let closed: jest.Mock;
let unregister: () => void;
beforeEach(() => {
  closed = jest.fn();
  unregister = onSessionEnd(closed);
});
afterEach(() => unregister());

it('ends the session everywhere when the server refuses the token it was sent', async () => {
  const store = makeApiStore();
  await store.dispatch(usersApi.endpoints.getUser.initiate(demoUser._id));
  expect(selectSessionUser(store.getState())).not.toBeNull();
  server.use(refuse('*/api/notifications'));

  await store.dispatch(notificationsApi.endpoints.getNotifications.initiate());

  expect(store.getState().session).toEqual({ userId: null, token: null, expired: true });
  expect(localStorage.length).toBe(0);
  expect(store.getState().api.queries).toEqual({});
  expect(closed).toHaveBeenCalledTimes(1);
});

type ApiStore = ReturnType<typeof makeApiStore>;

it.each([
  ['a wrong password at login (no token sent)', (s: ApiStore) => s.dispatch(authApi.endpoints.login.initiate({ username: 'demo', password: 'nope' })), '*/api/login', 401],
  ['a 403 (sudo mode asks for the password)', (s: ApiStore) => s.dispatch(notificationsApi.endpoints.getNotifications.initiate()), '*/api/notifications', 403],
  ['a logout with its own old token', (s: ApiStore) => s.dispatch(authApi.endpoints.logout.initiate('old.token')), '*/api/logout', 401],
])('keeps the session for %s', async (_case, request, path, status) => {
  const store = makeApiStore();
  server.use(http.all(path, () => HttpResponse.json({ message: 'No' }, { status })));

  const result = await request(store);

  expect(result).toMatchObject({ error: { status } });
  expect(store.getState().session).toEqual({ userId: demoUser._id, token: demoToken, expired: false });
  expect(localStorage.getItem('token')).toBe(demoToken);
  expect(closed).not.toHaveBeenCalled();
});

it('sends no bearer token with login and register', async () => {
  const seen: (string | null)[] = [];
  server.events.on('request:start', ({ request }) => seen.push(request.headers.get('Authorization')));
  const store = makeApiStore();
  await store.dispatch(authApi.endpoints.login.initiate({ username: 'demo', password: 'demo1234' }));
  await store.dispatch(notificationsApi.endpoints.getNotifications.initiate());
  server.events.removeAllListeners();
  expect(seen).toEqual([null, `Bearer ${demoToken}`]);
});
