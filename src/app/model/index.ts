import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { baseApi, hydrateSessionUser, offlineQueueMiddleware, selectSessionUser } from '@/shared/api';
import { createSessionPersistence, loadStoredSession, maskSecrets, sessionReducer } from '@/shared/auth';

const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  session: sessionReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/**
 * A fresh store (one per app start, one per test). The session is hydrated from localStorage unless
 * the caller preloads one; the stored user goes into the api cache, its one owner. Redux DevTools
 * are on outside production builds, with the token and every password masked in what they show.
 */
export function makeStore(preloadedState?: Partial<RootState>) {
  const stored = loadStoredSession();
  const persistence = createSessionPersistence(selectSessionUser);
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { session: stored.session, ...preloadedState },
    middleware: (getDefault) => getDefault().prepend(persistence.middleware).concat(baseApi.middleware, offlineQueueMiddleware),
    // RTK Query marks its own actions, optimistic patches included, for batched notice. The default
    // ('raf') tells the screens a frame later, so a ticked controlled checkbox flicked back unticked
    // for that frame (React restores it to the old value after the event); 'tick' still batches the
    // actions dispatched together, and tells the screens before anything is painted.
    enhancers: (getDefault) => getDefault({ autoBatch: { type: 'tick' } }),
    devTools: process.env.NODE_ENV !== 'production' && { stateSanitizer: maskSecrets, actionSanitizer: maskSecrets },
  });
  const hydrate = !preloadedState?.session && stored.user ? hydrateSessionUser(stored.user) : null;
  if (hydrate) store.dispatch(hydrate);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
