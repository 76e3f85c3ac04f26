import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@test-utils/render';

it('shows the 404 page for an unknown path, with a link home', async () => {
  const { user, router } = renderWithProviders('/no/such/place');

  expect(await screen.findByRole('heading', { name: 'Oops! Page not found.' })).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('Page Not Found | Need Spot'));

  sessionStorage.setItem('splashShown', 'true');
  await user.click(screen.getByRole('link', { name: 'Back to Home' }));
  expect(router.state.location.pathname).toBe('/');
});

it.each(['/trips/2d4f6a8c-1e3b-4d5f-8a7c-9e1b3d5f7a01', '/companions/someone'])('a path next to real pages, %s, falls to the 404 page', async (path) => {
  renderWithProviders(path);
  expect(await screen.findByText('Oops! Page not found.')).toBeInTheDocument();
});
