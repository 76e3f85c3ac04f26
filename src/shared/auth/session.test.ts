import { configureStore } from '@reduxjs/toolkit';
import {
  createSessionPersistence,
  loadStoredSession,
  selectCurrentUser,
  selectIsLoggedIn,
  sessionCleared,
  sessionReducer,
  sessionStarted,
  sessionUserUpdated,
} from '.';

const makeSessionStore = () => {
  const persistence = createSessionPersistence();
  return configureStore({
    reducer: { session: sessionReducer },
    preloadedState: { session: loadStoredSession() },
    middleware: (getDefault) => getDefault().prepend(persistence.middleware),
  });
};

const user = { _id: 'u1', firstName: 'Asha', username: 'asha', token: '' };

it('starts logged out with empty storage', () => {
  expect(selectIsLoggedIn(makeSessionStore().getState())).toBe(false);
});

it('stores the user with its token in userData and the token in token', () => {
  const store = makeSessionStore();
  store.dispatch(sessionStarted({ user, token: 'jwt-1' }));

  expect(selectIsLoggedIn(store.getState())).toBe(true);
  expect(JSON.parse(localStorage.getItem('userData') ?? 'null')).toEqual({ ...user, token: 'jwt-1' });
  expect(localStorage.getItem('token')).toBe('jwt-1');
});

it('hydrates from localStorage and needs both keys to be logged in', () => {
  localStorage.setItem('userData', JSON.stringify({ ...user, token: 'jwt-1' }));
  expect(selectIsLoggedIn(makeSessionStore().getState())).toBe(false);

  localStorage.setItem('token', 'jwt-1');
  const store = makeSessionStore();
  expect(selectIsLoggedIn(store.getState())).toBe(true);
  expect(selectCurrentUser(store.getState())?.firstName).toBe('Asha');
});

it('ignores malformed stored user data', () => {
  localStorage.setItem('userData', '{not json');
  localStorage.setItem('token', 'jwt-1');
  expect(selectIsLoggedIn(makeSessionStore().getState())).toBe(false);
});

it('merges profile updates and keeps the token', () => {
  const store = makeSessionStore();
  store.dispatch(sessionStarted({ user, token: 'jwt-1' }));
  store.dispatch(sessionUserUpdated({ tokens: 7, token: 'forged' }));

  expect(JSON.parse(localStorage.getItem('userData') ?? 'null')).toMatchObject({ tokens: 7, token: 'jwt-1' });
});

it('clears all of localStorage on sessionCleared', () => {
  const store = makeSessionStore();
  store.dispatch(sessionStarted({ user, token: 'jwt-1' }));
  localStorage.setItem('somethingElse', 'x');

  store.dispatch(sessionCleared());

  expect(selectIsLoggedIn(store.getState())).toBe(false);
  expect(localStorage.length).toBe(0);
});
