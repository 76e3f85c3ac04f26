import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { companions, companionsNone, companionsWhenOff, tripsAnswers } from '@mocks/fixtures/trips';
import { demoUser } from '@mocks/fixtures/users';
import { answerOk, hold } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { renderWithProviders, skipSplash, storeLogin } from '@test-utils/render';

beforeEach(skipSplash);

const cards = () => within(screen.getByRole('list', { name: 'Travel companions' })).getAllByRole('listitem');
const howTo = () => screen.getByRole('region', { name: 'How to find travel companions' });

it("says 'Coming Soon!' with a link back home", async () => {
  const { user, router } = renderWithProviders('/companions');

  expect(await screen.findByRole('heading', { name: 'Coming Soon!' })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Back to Home' }));
  expect(router.state.location.pathname).toBe('/');
});

it('tells a logged-out visitor how to get matches: log in, plan a trip, turn the switch on', async () => {
  renderWithProviders('/companions');
  await screen.findByRole('heading', { name: 'Coming Soon!' });
  expect(within(howTo()).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  expect(within(howTo()).getByRole('link', { name: 'Plan a trip' })).toHaveAttribute('href', '/plan-trip');
  expect(within(howTo()).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  expect(howTo()).toHaveTextContent('Turn on “Let travellers with overlapping trips find me” in Settings.');
});

it('lists the travellers whose trips overlap: photo, name, @username, destination, dates, overlap and Message', async () => {
  storeLogin();
  renderWithProviders('/companions');
  expect(await screen.findByRole('heading', { level: 1, name: 'Travel companions' })).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('Companions | Need Spot'));
  expect(cards()).toHaveLength(3);

  const [kabir, priya, dev] = cards();
  expect(within(kabir).getByRole('heading', { level: 2, name: 'Kabir Mehta' })).toBeInTheDocument();
  expect(kabir).toHaveTextContent('@kabir');
  expect(kabir).toHaveTextContent('DestinationManali');
  expect(kabir).toHaveTextContent('Dates12 May 2030 – 18 May 2030');
  expect(kabir).toHaveTextContent('You overlap 5 days');
  // No photo: initials instead.
  expect(kabir).toHaveTextContent('KM');
  const message = within(kabir).getByRole('link', { name: 'Message' });
  expect(message).toHaveAttribute('href', `/messages/${companions[0].user._id}`);
  expect(message).toHaveAccessibleDescription('Kabir Mehta');

  expect(priya.querySelector('img.avatar')).toHaveAttribute('src', 'http://localhost/images/stock/skill-1.svg');
  expect(priya).toHaveTextContent('You overlap 3 days');
  // One day: singular.
  expect(dev).toHaveTextContent('You overlap 1 day');
  expect(dev).not.toHaveTextContent('1 days');
});

it('never shows contact details, even if an answer carried them', async () => {
  storeLogin();
  server.use(
    answerOk(tripsAnswers.companions, {
      success: true,
      matching: true,
      data: [{ ...companions[0], user: { ...companions[0].user, email: 'kabir@example.com', contactNumber: '+919800000001', phone: '+919800000001' } }],
    }),
  );
  renderWithProviders('/companions');
  await waitFor(() => expect(cards()).toHaveLength(1));
  const page = screen.getByRole('main');
  expect(page).not.toHaveTextContent('kabir@example.com');
  expect(page).not.toHaveTextContent('+919800000001');
  expect(page.querySelector('a[href^="mailto:"], a[href^="tel:"]')).toBeNull();
});

it("keeps 'Coming Soon!' while the traveller's switch is off, saying to plan a trip and turn it on in Settings", async () => {
  storeLogin({ companionMatching: false });
  server.use(answerOk(tripsAnswers.companions, companionsWhenOff));
  renderWithProviders('/companions');
  expect(await screen.findByRole('heading', { name: 'Coming Soon!' })).toBeInTheDocument();
  expect(within(howTo()).getByRole('link', { name: 'Plan a trip' })).toHaveAttribute('href', '/plan-trip');
  expect(within(howTo()).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  expect(howTo()).toHaveTextContent('Let travellers with overlapping trips find me');
  expect(within(howTo()).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  expect(screen.queryByRole('list', { name: 'Travel companions' })).not.toBeInTheDocument();
});

it("keeps 'Coming Soon!' when no one's trip overlaps yet", async () => {
  storeLogin();
  server.use(answerOk(tripsAnswers.companions, companionsNone));
  renderWithProviders('/companions');
  expect(await screen.findByRole('heading', { name: 'Coming Soon!' })).toBeInTheDocument();
  expect(howTo()).toHaveTextContent("No traveller's trip overlaps yours yet.");
  expect(within(howTo()).getByRole('link', { name: 'Plan a trip' })).toHaveAttribute('href', '/plan-trip');
  expect(within(howTo()).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
});

it('shows a spinner while loading, and offers to try again when the list cannot be loaded', async () => {
  storeLogin();
  const { passed, release } = hold();
  server.use(http.get(tripsAnswers.companions.path, async () => {
    await passed;
    return HttpResponse.json({}, { status: 500 });
  }, { once: true }));
  const { user } = renderWithProviders('/companions');
  expect(await screen.findByRole('status', { name: 'Loading companions' })).toBeInTheDocument();
  release();
  expect(await screen.findByRole('heading', { level: 1, name: 'Could not load companions' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(cards()).toHaveLength(3));
  expect(screen.queryByText(demoUser.email)).not.toBeInTheDocument();
});
