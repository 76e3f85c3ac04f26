import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@mocks/server';
import { fakeRealtime } from '@test-utils/fake-realtime';
import { renderWithProviders, skipSplash, storeLogin } from '@test-utils/render';

beforeEach(skipSplash);

it('a refused token on any page ends the session and goes to /login with a notice', async () => {
  storeLogin();
  server.use(http.get('*/api/notifications', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })));
  // The header's bell asks for the notifications as soon as the page is there: that request is refused.
  const { router, store } = renderWithProviders('/about-us');

  expect(await screen.findByRole('heading', { name: 'Login Account' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
  expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Please log in again.');
  expect(localStorage.length).toBe(0);
  expect(store.getState().session).toEqual({ userId: null, token: null, expired: false });

  // Once: leaving /login does not come back.
  await act(() => router.navigate('/about-us'));
  await screen.findByRole('heading', { name: 'About Us', level: 1 });
  expect(router.state.location.pathname).toBe('/about-us');
});

it('a refused token on an account page goes to /login too', async () => {
  storeLogin();
  server.use(http.get('*/api/user/:id', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })));
  const { router } = renderWithProviders('/settings');
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(await screen.findByText('Your session has ended. Please log in again.')).toBeInTheDocument();
});

it('when the server drops the socket (the session ended elsewhere), this tab ends at once and says why', async () => {
  storeLogin();
  const { router } = renderWithProviders('/about-us');
  await screen.findByRole('heading', { name: 'About Us', level: 1 });
  await waitFor(() => expect(fakeRealtime.open()).toHaveLength(1));
  // A password change elsewhere revoked this session: its token is refused from now on.
  server.use(http.get('*/api/notifications', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })));
  fakeRealtime.drop();
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(await screen.findByText('Your session has ended. Please log in again.')).toBeInTheDocument();
  expect(localStorage.length).toBe(0);
});
