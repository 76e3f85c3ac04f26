import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  useRoutes,
  type RouteObject,
  type To,
} from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { demoToken, demoUser } from '@mocks/fixtures/users';
import { AppRoutes } from '@/app/routes';
import { makeStore, type AppStore, type RootState } from '@/app/model';

interface Options extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** Start URL; defaults to the route string given as first argument, else '/'. */
  route?: string;
  preloadedState?: Partial<RootState>;
  store?: AppStore;
}

/** True while jest's modern fake timers are installed (they tag the patched setTimeout with a clock). */
const usingFakeTimers = () => Object.prototype.hasOwnProperty.call(setTimeout, 'clock');

/** One element on every path, so it has the router's hooks (useParams, useNavigate…) as on a page. */
function OnEveryPath({ element }: { element: ReactElement }) {
  return useRoutes([{ path: '*', element }] satisfies RouteObject[]);
}

/**
 * Renders with a fresh store and a memory router, so no test sees another's state.
 * - `renderWithProviders('/login')`: the real route table, shell and lazy pages (use findBy*).
 * - `renderWithProviders(<Thing />, { route })`: one element on every path, with store and router.
 * Returns the store, the router (router.state.location, router.navigate) and a user-event instance
 * that also works under jest fake timers. The app's own router is declarative (BrowserRouter): here
 * the same router over a memory history, whose location changes as soon as a navigation starts.
 */
export function renderWithProviders(
  uiOrRoute: ReactElement | string,
  { route, preloadedState, store = makeStore(preloadedState), ...renderOptions }: Options = {},
) {
  const startAt = route ?? (typeof uiOrRoute === 'string' ? uiOrRoute : '/');
  const history = createMemoryHistory({ initialEntries: [startAt], v5Compat: true });
  const router = {
    state: {
      get location() {
        return history.location;
      },
    },
    /** A path (pushed, or replacing the current entry), or a step back (-1) or forward through the history. */
    navigate: async (to: To | number, { replace = false, state }: { replace?: boolean; state?: unknown } = {}) => {
      if (typeof to === 'number') history.go(to);
      else if (replace) history.replace(to, state);
      else history.push(to, state);
    },
  };
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (usingFakeTimers()) jest.advanceTimersByTime(ms);
    },
  });

  const result = render(
    <Provider store={store}>
      <HistoryRouter history={history}>
        {typeof uiOrRoute === 'string' ? <AppRoutes /> : <OnEveryPath element={uiOrRoute} />}
      </HistoryRouter>
      <ToastContainer />
    </Provider>,
    renderOptions,
  );
  return { ...result, store, router, user };
}

/**
 * Signs the demo user in the way a reload after a real login finds it: localStorage 'userData' (with
 * `user` over the demo values) and 'token'. Call before rendering; the new store reads them.
 */
export function storeLogin(user: Record<string, unknown> = {}): void {
  localStorage.setItem('userData', JSON.stringify({ ...demoUser, ...user, token: demoToken }));
  localStorage.setItem('token', demoToken);
}

/** Marks the home splash as already seen this session, for tests about other things. */
export const skipSplash = () => sessionStorage.setItem('splashShown', 'true');
