import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@test-utils/render';

it('tells what the product is for, with the founder card, mission and key features', async () => {
  renderWithProviders('/about-us');

  expect(await screen.findByRole('heading', { name: 'About Us', level: 1 })).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('About Us | Need Spot'));
  expect(screen.getByText(/Traveler's Need Spot for mutual help, free events, and a skill swap by barter/)).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Meet the founder' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Our mission' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Key features' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Skill swap by barter' })).toBeInTheDocument();
});
