import { act, screen, within } from '@testing-library/react';
import { renderWithProviders, skipSplash } from '@test-utils/render';
import { offerUpdate } from './update-offer';

beforeEach(skipSplash);

/** What the browser reports, and the event it sends when it changes. */
function goOffline(offline: boolean) {
  act(() => {
    Object.defineProperty(navigator, 'onLine', { value: !offline, configurable: true });
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}
afterEach(() => {
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

const OFFLINE = 'You are offline. What you have already seen stays readable, and what you send goes out when you are back online.';

it.each(['/', '/needs', '/login'])('says plainly on %s that the app is offline, and stops saying it when back online', async (path) => {
  renderWithProviders(path);
  await screen.findByRole('heading', { level: 1 });
  expect(screen.queryByText(OFFLINE)).not.toBeInTheDocument();

  goOffline(true);
  const banner = screen.getByText(OFFLINE).closest('[role="status"]');
  expect(banner).toHaveTextContent(OFFLINE);

  goOffline(false);
  expect(screen.queryByText(OFFLINE)).not.toBeInTheDocument();
});

it('offers a waiting new version as "A new version is available: Reload", and Reload hands over once', async () => {
  const { user } = renderWithProviders('/');
  await screen.findByRole('heading', { level: 1 });
  expect(screen.queryByText(/A new version is available/)).not.toBeInTheDocument();

  const apply = jest.fn();
  act(() => offerUpdate(apply));
  const prompt = screen.getByText(/A new version is available/).closest('[role="status"]') as HTMLElement;
  expect(prompt.textContent).toBe('A new version is available: Reload');
  const reload = within(prompt).getByRole('button', { name: 'Reload' });
  await user.click(reload);
  expect(apply).toHaveBeenCalledTimes(1);
  // Handing over takes a moment (the worker activates, then the page reloads): no second request.
  expect(reload).toBeDisabled();
});
