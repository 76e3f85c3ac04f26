import { act, screen, within } from '@testing-library/react';
import { renderWithProviders, skipSplash } from '@test-utils/render';

beforeEach(skipSplash);

it('shows the shell around the home page', async () => {
  renderWithProviders('/');
  await screen.findByRole('heading', { level: 1 });

  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Open notifications' })).toBeInTheDocument();
  expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Need Spot' })).toHaveAttribute('href', '/');
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();

  const nav = screen.getByRole('navigation', { name: 'Main' });
  const links = within(nav).getAllByRole('link');
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Home', '/'],
    ['Needs', '/needs'],
    ['Event', '/events'],
    ['Skills', '/skills'],
    ['Companion', '/companions'],
  ]);
  expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav).getByRole('link', { name: 'Needs' })).not.toHaveAttribute('aria-current');
});

it('marks the active bottom-navigation item', async () => {
  renderWithProviders('/companions');
  expect(await screen.findByRole('heading', { name: 'Coming Soon!' })).toBeInTheDocument();

  const nav = screen.getByRole('navigation', { name: 'Main' });
  expect(within(nav).getByRole('link', { name: 'Companion' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
});

it.each(['/login', '/register', '/forgot-password', '/forgot-password/otp', '/forgot-password/set-password'])(
  'hides the header, sidebars, bottom navigation and footer on %s',
  async (path) => {
    renderWithProviders(path);
    await screen.findByRole('heading', { level: 1 });

    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open notifications' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  },
);

it('closes the drawers on navigation', async () => {
  const { user, router } = renderWithProviders('/about-us');
  await screen.findByRole('heading', { name: 'About Us', level: 1 });

  await user.click(screen.getByRole('button', { name: 'Open notifications' }));
  expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
  await act(() => router.navigate('/help-support'));

  expect(await screen.findByRole('heading', { name: 'Help & Support', level: 1 })).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
