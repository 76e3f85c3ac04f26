import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { demoToken, demoUser } from '@mocks/fixtures/users';
import { routes } from '@/app/routes';
import { makeStore, type AppStore, type RootState } from '@/app/model';

interface Options extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** Start URL; defaults to the route string given as first argument, else '/'. */
  route?: string;
  preloadedState?: Partial<RootState>;
  store?: AppStore;
}

/** True while jest's modern fake timers are installed (they tag the patched setTimeout with a clock). */
const usingFakeTimers = () => Object.prototype.hasOwnProperty.call(setTimeout, 'clock');

/**
 * Renders with a fresh store and a memory router, so no test sees another's state.
 * - `renderWithProviders('/login')`: the real route table, shell and lazy pages (use findBy*).
 * - `renderWithProviders(<Thing />, { route })`: one element on every path, with store and router.
 * Returns the store, the router (router.state.location) and a user-event instance that also works
 * under jest fake timers.
 */
export function renderWithProviders(
  uiOrRoute: ReactElement | string,
  { route, preloadedState, store = makeStore(preloadedState), ...renderOptions }: Options = {},
) {
  const startAt = route ?? (typeof uiOrRoute === 'string' ? uiOrRoute : '/');
  const table: RouteObject[] = typeof uiOrRoute === 'string' ? routes : [{ path: '*', element: uiOrRoute }];
  const router = createMemoryRouter(table, { initialEntries: [startAt] });
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (usingFakeTimers()) jest.advanceTimersByTime(ms);
    },
  });

  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
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
