import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { baseApi } from '@/shared/api';
import { createSessionPersistence, loadStoredSession, sessionReducer } from '@/shared/auth';

const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  session: sessionReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/**
 * A fresh store (one per app start, one per test). The session is hydrated from localStorage unless
 * the caller preloads one. Redux DevTools are on outside production builds.
 */
export function makeStore(preloadedState?: Partial<RootState>) {
  const persistence = createSessionPersistence();
  return configureStore({
    reducer: rootReducer,
    preloadedState: { session: loadStoredSession(), ...preloadedState },
    middleware: (getDefault) => getDefault().prepend(persistence.middleware).concat(baseApi.middleware),
    devTools: process.env.NODE_ENV !== 'production',
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
