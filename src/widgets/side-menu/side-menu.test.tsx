import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { demoToken } from '@mocks/fixtures/users';
import { server } from '@mocks/server';
import { renderWithProviders, skipSplash, storeLogin } from '@test-utils/render';

beforeEach(skipSplash);
afterEach(() => server.events.removeAllListeners());

const openMenu = async (options: Parameters<typeof renderWithProviders>[1] = {}) => {
  const view = renderWithProviders('/', options);
  await screen.findByRole('heading', { level: 1 });
  const toggle = screen.getByRole('button', { name: 'Open menu' });
  await view.user.click(toggle);
  // The menu's code loads on first open.
  const menu = await screen.findByRole('dialog', { name: 'Account' });
  return { ...view, toggle, menu };
};

it('opens as a dialog titled Account, with focus inside, and the menu links', async () => {
  const { menu, toggle } = await openMenu();

  expect(menu).toHaveAttribute('aria-modal', 'true');
  expect(menu).toContainElement(document.activeElement as HTMLElement);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const links = within(within(menu).getByRole('navigation', { name: 'Menu' })).getAllByRole('link');
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Home', '/'],
    ['Location', '/location'],
    ['Challenges', '/challenges'],
    ['Help & Support', '/help-support'],
    ['About Us', '/about-us'],
  ]);
});

it('offers Login, and no account content, when logged out', async () => {
  const { menu, user, router } = await openMenu();

  expect(within(menu).queryByText(/Token:/)).not.toBeInTheDocument();
  expect(within(menu).queryByRole('button', { name: 'My Account' })).not.toBeInTheDocument();
  expect(within(menu).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();

  await user.click(within(menu).getByRole('link', { name: 'Login' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('shows the profile block and the collapsible My Account group when logged in', async () => {
  storeLogin();
  const { menu, user } = await openMenu();

  expect(within(menu).getByText('Asha Rao')).toBeInTheDocument();
  expect(within(menu).getByText('Token: 120')).toBeInTheDocument();
  expect(within(menu).getByText('AR')).toBeInTheDocument();
  expect(within(menu).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

  const group = within(menu).getByRole('button', { name: 'My Account' });
  expect(group).toHaveAttribute('aria-expanded', 'false');
  expect(within(menu).queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();

  await user.click(group);
  expect(group).toHaveAttribute('aria-expanded', 'true');
  expect(within(menu).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  expect(within(menu).getByRole('link', { name: 'My trips' })).toHaveAttribute('href', '/trips');
  expect(within(menu).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
});

it('shows the profile photo from the backend when there is one', async () => {
  storeLogin({ profileImage: '/uploads/asha.webp' });
  const { menu } = await openMenu();
  expect(menu.querySelector('img.avatar')).toHaveAttribute('src', 'http://localhost/uploads/asha.webp');
});

it('logs out: revokes the session, clears all localStorage and the cache, closes, goes home', async () => {
  const revoked: (string | null)[] = [];
  server.use(
    http.post('*/api/logout', ({ request }) => {
      revoked.push(request.headers.get('Authorization'));
      return HttpResponse.json({ message: 'Logged out successfully' });
    }),
  );
  storeLogin();
  localStorage.setItem('lastSearch', 'surf');

  const { menu, user, router, store } = await openMenu({ route: '/about-us' });
  await user.click(within(menu).getByRole('button', { name: 'Logout' }));

  // The local session ends at once, before the server has answered.
  expect(localStorage.length).toBe(0);
  expect(store.getState().session).toEqual({ userId: null, token: null, expired: false });
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  expect(await screen.findByText('Welcome, User')).toBeInTheDocument();
  await waitFor(() => expect(revoked).toEqual([`Bearer ${demoToken}`]));
  await waitFor(() => expect(store.getState().api.mutations).toEqual({}));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Open menu' }));
  expect(within(screen.getByRole('dialog', { name: 'Account' })).getByRole('link', { name: 'Login' })).toBeInTheDocument();
});

it('logs out locally even when the server call fails', async () => {
  server.use(http.post('*/api/logout', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })));
  storeLogin();
  const { menu, user, router } = await openMenu({ route: '/help-support' });

  await user.click(within(menu).getByRole('button', { name: 'Logout' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  expect(localStorage.getItem('token')).toBeNull();
});

describe('closing', () => {
  it('hides the rest of the page from assistive technology while open', async () => {
    const { menu, user } = await openMenu();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Home' })).toEqual([within(menu).getByRole('link', { name: 'Home' })]);

    await user.keyboard('{Escape}');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('closes on a click outside it', async () => {
    const { user, toggle } = await openMenu();
    await user.click(screen.getByText('Welcome, User'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and gives focus back to the toggle', async () => {
    const { user, toggle } = await openMenu();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it("closes with the 'Close menu' button", async () => {
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open on a click inside it, and closes when a link is followed', async () => {
    const { user, menu, router } = await openMenu();
    await user.click(within(menu).getByRole('heading', { name: 'Account' }));
    expect(screen.getByRole('dialog', { name: 'Account' })).toBeInTheDocument();

    await user.click(within(menu).getByRole('link', { name: 'About Us' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about-us'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the menu', async () => {
    const { user, menu } = await openMenu();
    const focusable = within(menu).getAllByRole('link').concat(within(menu).getAllByRole('button'));
    for (let i = 0; i < focusable.length + 2; i += 1) {
      await user.tab();
      expect(menu).toContainElement(document.activeElement as HTMLElement);
    }
  });
});
