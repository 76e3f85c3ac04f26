import { act, screen } from '@testing-library/react';
import { renderWithProviders, skipSplash } from '@test-utils/render';

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
