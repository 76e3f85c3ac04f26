import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  createSessionPersistence,
  loadStoredSession,
  selectIsLoggedIn,
  sessionCleared,
  sessionExpired,
  sessionReducer,
  sessionStarted,
  type SessionState,
} from '.';

// Stands in for the api cache, the owner of the user in the app.
type User = { _id: string; firstName: string };
const users = createSlice({
  name: 'users',
  initialState: null as User | null,
  reducers: { userWritten: (_state, action: PayloadAction<User | null>) => action.payload },
});
const { userWritten } = users.actions;

const makeSessionStore = () => {
  const persistence = createSessionPersistence((state: { session: SessionState; users: User | null }) => state.users);
  return configureStore({
    reducer: { session: sessionReducer, users: users.reducer },
    preloadedState: { session: loadStoredSession().session },
    middleware: (getDefault) => getDefault().prepend(persistence.middleware),
  });
};

const user = { _id: 'u1', firstName: 'Asha' };
const stored = () => JSON.parse(localStorage.getItem('userData') ?? 'null');

it('starts logged out with empty storage', () => {
  expect(selectIsLoggedIn(makeSessionStore().getState())).toBe(false);
});

it('stores the user (from its owner) with the token in userData, and the token in token', () => {
  const store = makeSessionStore();
  store.dispatch(userWritten(user));
  expect(localStorage.length).toBe(0);

  store.dispatch(sessionStarted({ userId: 'u1', token: 'jwt-1' }));

  expect(selectIsLoggedIn(store.getState())).toBe(true);
  expect(stored()).toEqual({ ...user, token: 'jwt-1' });
  expect(localStorage.getItem('token')).toBe('jwt-1');
});

it('follows every later change of the user, and no other user', () => {
  const store = makeSessionStore();
  store.dispatch(sessionStarted({ userId: 'u1', token: 'jwt-1' }));
  store.dispatch(userWritten({ ...user, firstName: 'Meera' }));
  expect(stored()).toEqual({ _id: 'u1', firstName: 'Meera', token: 'jwt-1' });

  store.dispatch(userWritten({ _id: 'someone-else', firstName: 'Ravi' }));
  expect(stored().firstName).toBe('Meera');
});

it('hydrates from localStorage and needs both keys to be logged in', () => {
  localStorage.setItem('userData', JSON.stringify({ ...user, token: 'jwt-1' }));
  expect(selectIsLoggedIn(makeSessionStore().getState())).toBe(false);

  localStorage.setItem('token', 'jwt-1');
  expect(loadStoredSession()).toEqual({
    session: { userId: 'u1', token: 'jwt-1', expired: false },
    user: { ...user, token: 'jwt-1' },
  });
  expect(selectIsLoggedIn(makeSessionStore().getState())).toBe(true);
});

it('ignores malformed stored user data', () => {
  localStorage.setItem('token', 'jwt-1');
  for (const value of ['{not json', '[]', '{"firstName":"no id"}']) {
    localStorage.setItem('userData', value);
    expect(selectIsLoggedIn(makeSessionStore().getState())).toBe(false);
  }
});

it.each([
  ['sessionCleared', sessionCleared(), false],
  ['sessionExpired', sessionExpired(), true],
])('clears all of localStorage on %s', (_name, action, expired) => {
  const store = makeSessionStore();
  store.dispatch(userWritten(user));
  store.dispatch(sessionStarted({ userId: 'u1', token: 'jwt-1' }));
  localStorage.setItem('somethingElse', 'x');

  store.dispatch(action);

  expect(selectIsLoggedIn(store.getState())).toBe(false);
  expect(store.getState().session.expired).toBe(expired);
  expect(localStorage.length).toBe(0);
});
