import { act, screen, waitFor, within } from '@testing-library/react';
import { demoSessionUser, demoToken } from '@mocks/fixtures/users';
import { renderWithProviders, skipSplash, storeLogin } from '@test-utils/render';

afterEach(() => jest.useRealTimers());

const renderHome = async (options: Parameters<typeof renderWithProviders>[1] = {}) => {
  const view = renderWithProviders('/', options);
  await screen.findByRole('heading', { level: 1, name: /^Good (Morning|Afternoon|Evening)$/ });
  return view;
};

describe('greeting', () => {
  it.each([
    [0, 'Good Morning'],
    [11, 'Good Morning'],
    [12, 'Good Afternoon'],
    [17, 'Good Afternoon'],
    [18, 'Good Evening'],
    [23, 'Good Evening'],
  ])('at %i h says %s', async (hour, greeting) => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date(2025, 5, 1, hour, 30));
    skipSplash();

    await renderHome();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(greeting);
  });
});

describe('welcome line', () => {
  it("uses 'User' when nobody is stored", async () => {
    skipSplash();
    await renderHome();
    expect(screen.getByText('Welcome, User')).toBeInTheDocument();
  });

  it('uses the stored first name', async () => {
    skipSplash();
    storeLogin();
    await renderHome();
    expect(screen.getByText('Welcome, Asha')).toBeInTheDocument();
  });

  it('reads the first name from localStorage userData', async () => {
    skipSplash();
    localStorage.setItem('userData', JSON.stringify({ ...demoSessionUser, firstName: 'Kiran' }));
    localStorage.setItem('token', demoToken);
    await renderHome();
    expect(screen.getByText('Welcome, Kiran')).toBeInTheDocument();
  });
});

it('shows the splash once per browser session, for 2 seconds', async () => {
  jest.useFakeTimers();
  const first = renderWithProviders('/');

  expect(await screen.findByText('Loading your travel experience')).toBeInTheDocument();
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Need Spot' })).toBeInTheDocument();
  expect(sessionStorage.getItem('splashShown')).toBeNull();
  // The page is already there beneath the splash, inert (out of reach of keyboard and screen readers).
  expect(screen.getByText('Loading your travel experience').closest('[inert]')).toBeNull();
  expect(screen.getByRole('heading', { level: 1 }).closest('[inert]')).not.toBeNull();

  act(() => jest.advanceTimersByTime(1999));
  expect(screen.getByText('Loading your travel experience')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByText('Loading your travel experience')).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1 }).closest('[inert]')).toBeNull();
  expect(sessionStorage.getItem('splashShown')).toBe('true');
  first.unmount();

  renderWithProviders('/');
  expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  expect(screen.queryByText('Loading your travel experience')).not.toBeInTheDocument();
});

it('has the page title, Plan Trip link and a labelled search box that keeps its text', async () => {
  skipSplash();
  const { user, router } = await renderHome();

  await waitFor(() => expect(document.title).toBe('Need Spot | Plan Trips, Share Needs & Connect with Travellers'));
  expect(screen.getByRole('link', { name: 'Plan Trip' })).toHaveAttribute('href', '/plan-trip');

  const search = screen.getByRole('searchbox', { name: 'Search' });
  await user.type(search, 'surf lessons{Enter}');
  expect(search).toHaveValue('surf lessons');
  expect(router.state.location.pathname).toBe('/');
  expect(screen.getByRole('search')).toContainElement(search);
});

it('shows the six service tiles with their links', async () => {
  skipSplash();
  await renderHome();

  const tiles = within(screen.getByRole('region', { name: 'Explore' })).getAllByRole('link');
  expect(tiles.map((tile) => [tile.textContent, tile.getAttribute('href')])).toEqual([
    ['Needs', '/needs'],
    ['Events', '/events'],
    ['Skills', '/skills'],
    ['Companions', '/companions'],
    ['Street Map', '/map'],
    ['Whispers', '/whispers'],
  ]);
});

it('has a looping banner slider with named pagination dots, advancing every 2000 ms', async () => {
  jest.useFakeTimers();
  skipSplash();
  const { user } = await renderHome();

  const slider = screen.getByRole('region', { name: 'Featured' });
  const dots = within(slider).getAllByRole('button', { name: /^Go to slide \d$/ });
  expect(dots.map((dot) => dot.getAttribute('aria-label'))).toEqual([
    'Go to slide 1',
    'Go to slide 2',
    'Go to slide 3',
    'Go to slide 4',
  ]);
  const current = () => within(slider).getByRole('button', { current: true });
  expect(current()).toHaveAccessibleName('Go to slide 1');
  expect(within(slider).getByRole('group', { name: '1 of 4' })).toContainElement(
    within(slider).getByRole('img', { name: /Plan your next adventure/ }),
  );

  act(() => jest.advanceTimersByTime(2000));
  expect(current()).toHaveAccessibleName('Go to slide 2');

  await user.click(within(slider).getByRole('button', { name: 'Go to slide 4' }));
  expect(current()).toHaveAccessibleName('Go to slide 4');

  // After a manual change the slide gets a full period, then the slider loops to the first one.
  act(() => jest.advanceTimersByTime(1999));
  expect(current()).toHaveAccessibleName('Go to slide 4');
  act(() => jest.advanceTimersByTime(1));
  expect(current()).toHaveAccessibleName('Go to slide 1');

  await user.click(within(slider).getByRole('button', { name: 'Pause slideshow' }));
  act(() => jest.advanceTimersByTime(6000));
  expect(current()).toHaveAccessibleName('Go to slide 1');
});
