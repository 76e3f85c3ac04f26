import { screen } from '@testing-library/react';
import { renderWithProviders, skipSplash } from '@test-utils/render';

it("says 'Coming Soon!' with a link back home", async () => {
  const { user, router } = renderWithProviders('/companions');

  expect(await screen.findByRole('heading', { name: 'Coming Soon!' })).toBeInTheDocument();
  skipSplash();
  await user.click(screen.getByRole('link', { name: 'Back to Home' }));
  expect(router.state.location.pathname).toBe('/');
});
