import { screen, waitFor } from '@testing-library/react';
import { sessionCleared } from '@/shared/auth';
import { renderWithProviders, storeLogin } from '@test-utils/render';
import { useRequireLogin } from '.';

/** A button that does what a form's submit does: asks for a login first. */
function Probe({ message, onAllowed }: { message?: string; onAllowed: () => void }) {
  const requireLogin = useRequireLogin(message);
  return (
    <button type="button" onClick={() => requireLogin() && onAllowed()}>
      Send
    </button>
  );
}

it('lets a signed-in user through, staying on the page', async () => {
  storeLogin();
  const allowed = jest.fn();
  const { user, router } = renderWithProviders(<Probe onAllowed={allowed} />, { route: '/needs/create-needs' });
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(allowed).toHaveBeenCalledTimes(1);
  expect(router.state.location.pathname).toBe('/needs/create-needs');
});

it("tells a visitor spec §6's sentence and goes to /login", async () => {
  const allowed = jest.fn();
  const { user, router } = renderWithProviders(<Probe onAllowed={allowed} />, { route: '/events/add-event' });
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Unauthorized: You are not logged in. Please log in to submit an event.')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(allowed).not.toHaveBeenCalled();
});

it("says a form's own words when it has them", async () => {
  const { user, router } = renderWithProviders(<Probe message="Please log in to share a whisper." onAllowed={jest.fn()} />, { route: '/whispers/create-whisper' });
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Please log in to share a whisper.')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
});

it('reads the session when called: one ended since the render (a 401 meanwhile) counts as none', async () => {
  storeLogin();
  const allowed = jest.fn();
  const { user, router, store } = renderWithProviders(<Probe onAllowed={allowed} />, { route: '/plan-trip' });
  store.dispatch(sessionCleared());
  await user.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(allowed).not.toHaveBeenCalled();
});
