import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { streetFood, sunrise, zeroWaste } from '@mocks/fixtures/challenges';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';

const cards = (name: string) => within(screen.getByRole('list', { name })).getAllByRole('listitem');

it('shows the three tabs; Challenges lists every challenge, each card to its detail', async () => {
  renderWithProviders('/challenges');
  expect(await screen.findByRole('heading', { name: 'Travel Challenges', level: 1 })).toBeInTheDocument();
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Challenges', 'My Challenges', 'My Badges']);
  expect(screen.getByRole('tab', { name: 'Challenges' })).toHaveAttribute('aria-selected', 'true');
  await waitFor(() => expect(cards('Challenges')).toHaveLength(3));
  const link = within(cards('Challenges')[0]).getByRole('link');
  expect(link).toHaveAttribute('href', `/challenge-details/${zeroWaste._id}`);
  expect(link).toHaveTextContent('Zero-Waste Week');
  expect(link).toHaveTextContent('3 steps · 2 travellers');
});

it('My Challenges: the joined ones with progress, each to its joined page; My Badges: the finished ones, each to its detail', async () => {
  storeLogin();
  const { user, router } = renderWithProviders('/challenges');
  await user.click(await screen.findByRole('tab', { name: 'My Challenges' }));
  expect(router.state.location.search).toBe('?tab=mychallenges');
  await waitFor(() => expect(cards('My challenges')).toHaveLength(2));
  const [zero, sun] = cards('My challenges').map((card) => within(card).getByRole('link'));
  expect(zero).toHaveAttribute('href', `/joined-challenge/${zeroWaste._id}`);
  expect(zero).toHaveTextContent('1 of 3 steps done');
  expect(sun).toHaveTextContent('Completed · badge earned');

  // The arrow keys move between tabs (a roving tab stop).
  await user.keyboard('{ArrowRight}');
  expect(screen.getByRole('tab', { name: 'My Badges' })).toHaveAttribute('aria-selected', 'true');
  await waitFor(() => expect(cards('Badges')).toHaveLength(1));
  const badge = within(cards('Badges')[0]).getByRole('link');
  expect(badge).toHaveAttribute('href', `/challenge-details/${sunrise._id}`);
  expect(badge).toHaveTextContent('Early Riser');
  expect(badge).toHaveTextContent('+25 tokens');
});

it('each tab has its empty state', async () => {
  storeLogin();
  server.use(
    http.get('*/api/get-challenges', () => HttpResponse.json({ success: true, data: [] })),
    http.get('*/api/users/:id/joined-challenges', () => HttpResponse.json({ success: true, data: { data: [{ ...streetFood, progress: { joinedAt: '2025-06-01T00:00:00.000Z', completedSteps: [], completedAt: null } }] } })),
  );
  const { user } = renderWithProviders('/challenges');
  expect(await screen.findByText('No Challenges Available')).toBeInTheDocument();
  await user.click(screen.getByRole('tab', { name: 'My Badges' }));
  expect(await screen.findByText('No Badges Earned')).toBeInTheDocument();
  server.use(http.get('*/api/users/:id/joined-challenges', () => HttpResponse.json({ success: true, data: { data: [] } })));
  renderWithProviders('/challenges?tab=mychallenges');
  expect(await screen.findByText('No Challenges Joined')).toBeInTheDocument();
});

it('logged out, My Challenges asks the visitor to log in', async () => {
  renderWithProviders('/challenges?tab=mychallenges');
  expect(await screen.findByText('You are not logged in')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Login Now' })).toHaveAttribute('href', '/login');
});
