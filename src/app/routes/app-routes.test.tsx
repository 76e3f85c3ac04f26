import { act, screen } from '@testing-library/react';
import { renderWithProviders, skipSplash, storeLogin } from '@test-utils/render';
import { preloadPage } from './routes';

// A page chunk that fails to load (a deploy replaced it, the network dropped).
jest.mock('@/pages/about-us', () => {
  throw new Error('Loading chunk about-us failed.');
});

beforeEach(skipSplash);

it('an error while rendering a page shows its message instead of an empty page, until the next navigation', async () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const { router } = renderWithProviders('/about-us');

  expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!', level: 2 })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Loading chunk about-us failed.', level: 3 })).toBeInTheDocument();

  await act(() => router.navigate('/help-support'));
  expect(await screen.findByRole('heading', { name: 'Help & Support', level: 1 })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).not.toBeInTheDocument();
  consoleError.mockRestore();
});

it('preloads the page at a path, also behind a guard, so the first render shows it without the fallback', async () => {
  await preloadPage('/help-support');
  const { unmount } = renderWithProviders('/help-support');
  expect(screen.getByRole('heading', { name: 'Help & Support', level: 1 })).toBeInTheDocument();
  unmount();

  // Behind RequireAuth, for a member.
  storeLogin();
  await preloadPage('/settings');
  renderWithProviders('/settings');
  expect(screen.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeInTheDocument();

  // The 404 page for a path no route names; a failed chunk rejects (the first render then waits no more).
  await expect(preloadPage('/no/such/page')).resolves.toBeUndefined();
  await expect(preloadPage('/about-us')).rejects.toThrow('Loading chunk about-us failed.');
});
