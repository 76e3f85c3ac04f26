import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { notifications } from '@mocks/fixtures/notifications';
import { hold } from '@mocks/hold';
import { server } from '@mocks/server';
import { fakeRealtime } from '@test-utils/fake-realtime';
import { renderWithProviders, skipSplash, storeLogin } from '@test-utils/render';
import { MARK_READ_FAILED, onFailureNotice } from '@/shared/api';

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
  const { passed, release } = hold();
  server.use(
    http.get('*/api/notifications', async () => {
      await passed;
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

describe('live, with unread state and mark-as-read', () => {
  const bell = () => screen.getByRole('button', { name: 'Open notifications' });

  it('the bell counts the unread ones; a new one arrives over the socket without a reload', async () => {
    storeLogin();
    let list = notifications;
    server.use(http.get('*/api/notifications', () => HttpResponse.json({ success: true, data: list })));
    renderWithProviders('/about-us');
    await waitFor(() => expect(bell()).toHaveAccessibleDescription('2 unread'));
    list = [{ _id: '0b9d4a52-1e0f-4c8b-8d7a-2f6e1c3b5a09', kind: 'like', title: 'New like', body: '@rohan liked your whisper.', link: '', createdAt: '2025-06-02T10:00:00.000Z', read: false }, ...notifications];
    await waitFor(() => expect(fakeRealtime.open()).toHaveLength(1));
    fakeRealtime.emit('notification', { title: 'New like' });
    await waitFor(() => expect(bell()).toHaveAccessibleDescription('3 unread'));
  });

  it('marks one read at once (the count drops), and puts it back if the call fails', async () => {
    storeLogin();
    const notices: string[] = [];
    const stop = onFailureNotice((text) => notices.push(text));
    const sent: string[] = [];
    server.use(http.post('*/api/notifications/:id/read', ({ params }) => {
      sent.push(params.id as string);
      return HttpResponse.json({ success: true, updated: 1 });
    }));
    const { sidebar, user } = await openSidebar();
    expect(await within(sidebar).findByRole('status')).toHaveTextContent('2 unread');
    await user.click(within(sidebar).getByRole('button', { name: 'Mark as read: Transaction successful' }));
    expect(within(sidebar).getByRole('status')).toHaveTextContent('1 unread');
    await waitFor(() => expect(sent).toEqual([notifications[0]._id]));

    server.use(http.post('*/api/notifications/:id/read', () => HttpResponse.json({ message: 'nope' }, { status: 500 })));
    await user.click(within(sidebar).getByRole('button', { name: 'Mark as read: Award received' }));
    await waitFor(() => expect(notices).toEqual([MARK_READ_FAILED]));
    expect(await within(sidebar).findByRole('button', { name: 'Mark as read: Award received' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('status')).toHaveTextContent('1 unread');
    stop();
  });

  it('marks all read; the bell has nothing unread to tell', async () => {
    storeLogin();
    const { sidebar, user } = await openSidebar();
    await user.click(await within(sidebar).findByRole('button', { name: 'Mark all as read' }));
    expect(within(sidebar).getByRole('status')).toHaveTextContent('All caught up');
    expect(within(sidebar).queryByRole('button', { name: /^Mark as read/ })).not.toBeInTheDocument();
    await user.click(within(sidebar).getByRole('button', { name: 'Close notifications' }));
    await waitFor(() => expect(bell()).not.toHaveAccessibleDescription());
  });
});

it('a notification with a link opens its screen: read on the way, the sidebar closed; one without stays plain text', async () => {
  storeLogin();
  const sent: string[] = [];
  server.use(http.post('*/api/notifications/:id/read', ({ params }) => {
    sent.push(params.id as string);
    return HttpResponse.json({ success: true, updated: 1 });
  }));
  const { sidebar, user, router } = await openSidebar();
  await within(sidebar).findByText('Transaction successful');
  expect(within(sidebar).queryByRole('link', { name: 'Transaction successful' })).not.toBeInTheDocument();
  await user.click(within(sidebar).getByRole('link', { name: 'Award received' }));
  expect(router.state.location.pathname).toBe('/challenges');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(sent).toEqual([notifications[1]._id]));
});
