import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { notifications } from '@mocks/fixtures/notifications';
import { server } from '@mocks/server';
import { renderWithProviders, skipSplash, storeLogin } from '@test-utils/render';

beforeEach(skipSplash);
afterEach(() => server.events.removeAllListeners());

const openSidebar = async (options: Parameters<typeof renderWithProviders>[1] = {}) => {
  const view = renderWithProviders('/about-us', options);
  await screen.findByRole('heading', { name: 'About Us', level: 1 });
  await view.user.click(screen.getByRole('button', { name: 'Open notifications' }));
  // The sidebar's code loads on first open.
  return { ...view, sidebar: await screen.findByRole('dialog', { name: 'Notifications' }) };
};

it("lists the user's notifications from the server, after a loading state", async () => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.get('*/api/notifications', async () => {
      await gate;
      return HttpResponse.json({ success: true, data: notifications });
    }),
  );
  storeLogin();
  const { sidebar } = await openSidebar();

  expect(within(sidebar).getByRole('status', { name: 'Loading notifications' })).toBeInTheDocument();
  release();
  const titles = await within(sidebar).findAllByRole('heading', { level: 3 });
  expect(titles.map((title) => title.textContent)).toEqual([
    'Transaction successful',
    'Award received',
    'Tour schedule',
    'Promo offer',
    'You get a point',
  ]);
  expect(within(sidebar).getByText('Hostels near you are 20% off this weekend.')).toBeInTheDocument();
});

it("says 'No notifications yet' when there are none", async () => {
  server.use(http.get('*/api/notifications', () => HttpResponse.json({ success: true, data: [] })));
  storeLogin();
  const { sidebar } = await openSidebar();
  expect(await within(sidebar).findByText('No notifications yet')).toBeInTheDocument();
});

it('treats an unexpected answer as an empty list', async () => {
  server.use(http.get('*/api/notifications', () => HttpResponse.json({ surprise: true })));
  storeLogin();
  const { sidebar } = await openSidebar();
  expect(await within(sidebar).findByText('No notifications yet')).toBeInTheDocument();
});

it('offers a retry when loading fails', async () => {
  server.use(http.get('*/api/notifications', () => HttpResponse.json({ message: 'Something went wrong' }, { status: 500 })));
  storeLogin();
  const { sidebar, user } = await openSidebar();

  expect(await within(sidebar).findByText("Couldn't load notifications.")).toBeInTheDocument();
  server.resetHandlers();
  await user.click(within(sidebar).getByRole('button', { name: 'Try again' }));
  expect(await within(sidebar).findByText('Award received')).toBeInTheDocument();
});

it('asks a logged-out visitor to log in, without calling the server', async () => {
  const requests: string[] = [];
  server.events.on('request:start', ({ request }) => {
    requests.push(request.url);
  });
  const { sidebar, user, router } = await openSidebar();

  expect(within(sidebar).getByText('Please log in to see your notifications.')).toBeInTheDocument();
  expect(requests).toEqual([]);
  await user.click(within(sidebar).getByRole('link', { name: 'Login' }));
  expect(router.state.location.pathname).toBe('/login');
});

it("closes with 'Close notifications'", async () => {
  const { sidebar, user } = await openSidebar();
  await user.click(within(sidebar).getByRole('button', { name: 'Close notifications' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Open notifications' })).toHaveFocus();
});
