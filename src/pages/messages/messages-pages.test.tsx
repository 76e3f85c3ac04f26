import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { meera, rohan, rohanMessages } from '@mocks/fixtures/messages';
import { demoUser } from '@mocks/fixtures/users';
import { server } from '@mocks/server';
import { fakeRealtime } from '@test-utils/fake-realtime';
import { renderWithProviders, storeLogin } from '@test-utils/render';
import { startOfflineQueue } from '@/shared/api';

const me = { _id: demoUser._id, username: demoUser.username, profileImage: demoUser.profileImage };
const short = (user: typeof rohan) => ({ _id: user._id, username: user.username, profileImage: user.profileImage });
const rows = () => within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('link');
const bubbles = () => within(screen.getByRole('log')).getAllByRole('listitem').map((item) => item.querySelector('.bubble__text')?.textContent);

describe('the inbox (/messages)', () => {
  it('logged out: \'You are not logged in\' with Login Now', async () => {
    renderWithProviders('/messages');
    expect(await screen.findByRole('heading', { name: 'You are not logged in', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Please log in to view your requests and connect with friends.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login Now' })).toHaveAttribute('href', '/login');
  });

  it('one row per conversation: the other user, the last message with its sender, the time and the unread count; Requests', async () => {
    storeLogin();
    renderWithProviders('/messages');
    expect(await screen.findByRole('heading', { name: 'Messages', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Requests' })).toHaveAttribute('href', '/all-requests');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows();
    expect(first).toHaveAttribute('href', `/messages/${rohan._id}`);
    expect(first).toHaveTextContent('Rohan Das');
    expect(first).toHaveTextContent('rohan: Chai at Hawa Mahal at 6?');
    expect(first).toHaveTextContent('2 unread');
    expect(first).toHaveTextContent(new Date(rohanMessages[2].createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }));
    expect(second).toHaveTextContent('You: Thanks for the bookshelf tip!');
  });

  it('a message pushed over the socket moves its conversation to the top, unread, without a reload', async () => {
    storeLogin();
    renderWithProviders('/messages');
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => expect(fakeRealtime.open()).not.toHaveLength(0));
    fakeRealtime.emit('new-message', { _id: 'b1b2c3d4-0000-4000-8000-000000000001', content: 'Bookshelf is done!', createdAt: '2025-06-04T10:00:00.000Z', sender: short(meera), receiver: me, read: false });
    await waitFor(() => expect(rows()[0]).toHaveTextContent('meera: Bookshelf is done!'));
    expect(rows()[0]).toHaveTextContent('1 unread');
    expect(rows()[1]).toHaveTextContent('Rohan Das');
  });

  it('a message that comes live while the inbox is being read again after a reconnect stays (read once more)', async () => {
    storeLogin();
    renderWithProviders('/messages');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const live = { _id: 'b1b2c3d4-0000-4000-8000-000000000002', content: 'Ferry at 7?', createdAt: '2025-06-04T10:05:00.000Z', sender: short(meera), receiver: me, read: false };
    const toMeera = { _id: '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e04', content: 'Thanks for the bookshelf tip!', createdAt: '2025-06-03T17:30:00.000Z', sender: me, receiver: short(meera), read: false };
    const before = { success: true, messages: [{ ...rohanMessages[2], with: rohan, unreadCount: 2 }, { ...toMeera, with: meera, unreadCount: 0 }], unreadTotal: 2 };
    const after = { success: true, messages: [{ ...live, with: meera, unreadCount: 1 }, { ...rohanMessages[2], with: rohan, unreadCount: 2 }], unreadTotal: 3 };
    // The read after the reconnect was answered from before the live message was stored.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    server.use(http.get('*/api/messages', async () => {
      reads += 1;
      if (reads > 1) return HttpResponse.json(after);
      await held;
      return HttpResponse.json(before);
    }));
    await waitFor(() => expect(fakeRealtime.open()).not.toHaveLength(0));
    fakeRealtime.reconnect();
    await waitFor(() => expect(reads).toBe(1));
    fakeRealtime.emit('new-message', live);
    await waitFor(() => expect(rows()[0]).toHaveTextContent('meera: Ferry at 7?'));
    release();
    await waitFor(() => expect(reads).toBe(2));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('meera: Ferry at 7?'));
    expect(rows()[0]).toHaveTextContent('1 unread');
  });
});

describe('a conversation (/messages/{userId})', () => {
  it('shows the messages oldest first, marks theirs read, and sends a new one (Enter)', async () => {
    storeLogin();
    const read: string[] = [];
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/messages/:userId/read', ({ params }) => {
        read.push(params.userId as string);
        return HttpResponse.json({ success: true, updated: 2 });
      }),
      http.post('*/api/messages/:userId', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true, message: { _id: 'c1c2c3c4-0000-4000-8000-000000000001', content: 'See you there!', createdAt: '2025-06-04T09:15:00.000Z', sender: me, receiver: short(rohan), read: false } }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(`/messages/${rohan._id}`);
    expect(await screen.findByRole('heading', { name: 'Rohan Das', level: 1 })).toBeInTheDocument();
    expect(bubbles()).toEqual(rohanMessages.map((message) => message.content));
    await waitFor(() => expect(read).toEqual([rohan._id]));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'See you there!{Enter}');
    await waitFor(() => expect(bubbles().at(-1)).toBe('See you there!'));
    expect(sent).toEqual([{ content: 'See you there!' }]);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    // The same message also comes back over the socket: it shows once.
    fakeRealtime.emit('new-message', { _id: 'c1c2c3c4-0000-4000-8000-000000000001', content: 'See you there!', createdAt: '2025-06-04T09:15:00.000Z', sender: me, receiver: short(rohan), read: false });
    // A later message, once shown, means the one before it has been handled too.
    fakeRealtime.emit('new-message', { _id: 'c1c2c3c4-0000-4000-8000-000000000002', content: 'On my way', createdAt: '2025-06-04T09:16:00.000Z', sender: short(rohan), receiver: me, read: false });
    await waitFor(() => expect(bubbles().at(-1)).toBe('On my way'));
    expect(bubbles().filter((text) => text === 'See you there!')).toHaveLength(1);
  });

  it('a message from them arrives live; another conversation\'s does not show here', async () => {
    storeLogin();
    renderWithProviders(`/messages/${rohan._id}`);
    await screen.findByRole('heading', { name: 'Rohan Das', level: 1 });
    await waitFor(() => expect(fakeRealtime.open()).not.toHaveLength(0));
    fakeRealtime.emit('new-message', { _id: 'd1d2d3d4-0000-4000-8000-000000000001', content: 'From Meera', createdAt: '2025-06-04T09:20:00.000Z', sender: short(meera), receiver: me, read: false });
    fakeRealtime.emit('new-message', { _id: 'd1d2d3d4-0000-4000-8000-000000000002', content: 'Bring a jacket', createdAt: '2025-06-04T09:21:00.000Z', sender: short(rohan), receiver: me, read: false });
    await waitFor(() => expect(bubbles().at(-1)).toBe('Bring a jacket'));
    expect(bubbles()).not.toContain('From Meera');
  });

  it('after a reconnect it reads the conversation again: what was missed shows, nothing twice', async () => {
    storeLogin();
    renderWithProviders(`/messages/${rohan._id}`);
    await screen.findByRole('heading', { name: 'Rohan Das', level: 1 });
    const missed = { _id: 'e1e2e3e4-0000-4000-8000-000000000001', content: 'Sent while you were offline', createdAt: '2025-06-04T09:30:00.000Z', sender: short(rohan), receiver: me, read: false };
    server.use(http.get('*/api/messages/:userId', () => HttpResponse.json({ success: true, with: rohan, messages: [...rohanMessages, missed], nextCursor: null })));
    await waitFor(() => expect(fakeRealtime.open()).not.toHaveLength(0));
    fakeRealtime.reconnect();
    await waitFor(() => expect(bubbles().at(-1)).toBe('Sent while you were offline'));
    expect(bubbles()).toHaveLength(4);
  });

  it('a message that comes live while the conversation is being read again after a reconnect stays (read once more), once', async () => {
    storeLogin();
    renderWithProviders(`/messages/${rohan._id}`);
    await screen.findByRole('heading', { name: 'Rohan Das', level: 1 });
    const live = { _id: 'f1f2f3f4-0000-4000-8000-000000000001', content: 'Sent while you were reading', createdAt: '2025-06-04T09:40:00.000Z', sender: short(rohan), receiver: me, read: false };
    // The read after the reconnect was answered from before the live message was stored; the server
    // has it by the time the client reads again.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    server.use(http.get('*/api/messages/:userId', async () => {
      reads += 1;
      if (reads === 1) {
        await held;
        return HttpResponse.json({ success: true, with: rohan, messages: rohanMessages, nextCursor: null });
      }
      return HttpResponse.json({ success: true, with: rohan, messages: [...rohanMessages, live], nextCursor: null });
    }));
    await waitFor(() => expect(fakeRealtime.open()).not.toHaveLength(0));
    fakeRealtime.reconnect();
    await waitFor(() => expect(reads).toBe(1));
    fakeRealtime.emit('new-message', live);
    await waitFor(() => expect(bubbles().at(-1)).toBe('Sent while you were reading'));
    release();
    await waitFor(() => expect(reads).toBe(2));
    await waitFor(() => expect(bubbles()).toHaveLength(4));
    expect(bubbles().at(-1)).toBe('Sent while you were reading');
  });

  it('a failed send keeps what was typed and says why', async () => {
    storeLogin();
    server.use(http.post('*/api/messages/:userId', () => HttpResponse.json({ message: 'Message contains invalid characters.' }, { status: 400 })));
    const { user } = renderWithProviders(`/messages/${rohan._id}`);
    await screen.findByRole('heading', { name: 'Rohan Das', level: 1 });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message contains invalid characters.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Hello');
  });

  it('a message that gets no answer waits in the conversation ("Waiting to send") and goes once, with its key, when the connection returns', async () => {
    storeLogin();
    const sent: { content: unknown; key: string | null }[] = [];
    server.use(http.post('*/api/messages/:userId', () => HttpResponse.error()));
    const { user, store } = renderWithProviders(`/messages/${rohan._id}`);
    await screen.findByRole('heading', { name: 'Rohan Das', level: 1 });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Typed on the bus{Enter}');

    const waiting = await screen.findByText('Waiting to send');
    expect(waiting.closest('li')).toHaveTextContent('Typed on the bus');
    expect(bubbles().at(-1)).toBe('Typed on the bus');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // The server, once it has the message: the send answers it, and the conversation read again holds it.
    const stored = { _id: 'c1c2c3c4-0000-4000-8000-000000000009', content: 'Typed on the bus', createdAt: '2025-06-04T09:20:00.000Z', sender: me, receiver: short(rohan), read: false };
    server.use(
      http.post('*/api/messages/:userId', async ({ request }) => {
        sent.push({ content: ((await request.json()) as { content: unknown }).content, key: request.headers.get('Idempotency-Key') });
        return HttpResponse.json({ success: true, message: stored }, { status: 201 });
      }),
      http.get('*/api/messages/:userId', () => HttpResponse.json({ success: true, with: rohan, messages: sent.length > 0 ? [...rohanMessages, stored] : rohanMessages, nextCursor: null, blocked: false })),
    );
    const stop = startOfflineQueue(store);
    try {
      window.dispatchEvent(new Event('online'));
      await waitFor(() => expect(screen.queryByText('Waiting to send')).not.toBeInTheDocument());
      await waitFor(() => expect(bubbles().filter((text) => text === 'Typed on the bus')).toHaveLength(1));
      expect(sent).toEqual([{ content: 'Typed on the bus', key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    } finally {
      stop();
    }
  });

  it('a message the server stored but whose answer was lost is not sent again: the retry finds it in the conversation first', async () => {
    storeLogin();
    const posts: (string | null)[] = [];
    const stored = { _id: 'c1c2c3c4-0000-4000-8000-000000000010', content: 'Typed in the tunnel', createdAt: '2025-06-04T09:30:00.000Z', sender: me, receiver: short(rohan), read: false };
    let arrived = false;
    server.use(
      // The server stores it; the answer never comes back (the train enters a tunnel).
      http.post('*/api/messages/:userId', ({ request }) => {
        posts.push(request.headers.get('Idempotency-Key'));
        arrived = true;
        return HttpResponse.error();
      }),
      http.get('*/api/messages/:userId', () => HttpResponse.json({ success: true, with: rohan, messages: arrived ? [...rohanMessages, stored] : rohanMessages, nextCursor: null, blocked: false })),
    );
    const { user, store } = renderWithProviders(`/messages/${rohan._id}`);
    await screen.findByRole('heading', { name: 'Rohan Das', level: 1 });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Typed in the tunnel{Enter}');
    expect(await screen.findByText('Waiting to send')).toBeInTheDocument();
    expect(posts).toEqual([null]);

    const stop = startOfflineQueue(store);
    try {
      window.dispatchEvent(new Event('online'));
      await waitFor(() => expect(screen.queryByText('Waiting to send')).not.toBeInTheDocument());
      await waitFor(() => expect(bubbles().filter((text) => text === 'Typed in the tunnel')).toHaveLength(1));
      // The first try only: the retry read the conversation, found it there, and sent nothing.
      expect(posts).toEqual([null]);
    } finally {
      stop();
    }
  });

  it('a message whose first try never reached the server is sent by the retry, with its key', async () => {
    storeLogin();
    const posts: (string | null)[] = [];
    server.use(http.post('*/api/messages/:userId', () => HttpResponse.error()));
    const { user, store } = renderWithProviders(`/messages/${rohan._id}`);
    await screen.findByRole('heading', { name: 'Rohan Das', level: 1 });
    // An older message with the same words is not taken for this one.
    await user.type(screen.getByRole('textbox', { name: 'Message' }), `${rohanMessages[0].content}{Enter}`);
    expect(await screen.findByText('Waiting to send')).toBeInTheDocument();

    const stored = { _id: 'c1c2c3c4-0000-4000-8000-000000000011', content: rohanMessages[0].content, createdAt: '2025-06-04T09:40:00.000Z', sender: me, receiver: short(rohan), read: false };
    server.use(http.post('*/api/messages/:userId', ({ request }) => {
      posts.push(request.headers.get('Idempotency-Key'));
      return HttpResponse.json({ success: true, message: stored }, { status: 201 });
    }));
    const stop = startOfflineQueue(store);
    try {
      window.dispatchEvent(new Event('online'));
      await waitFor(() => expect(screen.queryByText('Waiting to send')).not.toBeInTheDocument());
      expect(posts).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    } finally {
      stop();
    }
  });

  it('an unknown user says so as the page\'s heading', async () => {
    storeLogin();
    server.use(http.get('*/api/messages/:userId', () => HttpResponse.json({ status: false, message: 'User not found' }, { status: 404 })));
    renderWithProviders(`/messages/${rohan._id}`);
    expect(await screen.findByRole('heading', { name: 'User not found', level: 1 })).toBeInTheDocument();
  });
});
