import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { meeraRequest, rohanRequest } from '@mocks/fixtures/friends';
import { hold } from '@mocks/hold';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';
import { onFailureNotice } from '@/shared/api';

const rows = () => within(screen.getByRole('list', { name: 'Pending friend requests' })).queryAllByRole('listitem');

/** The answer call waits for `release()`; `fail` makes it a server error. */
function gatedAnswer(fail: boolean) {
  const sent: unknown[] = [];
  // Made up front, so release() works whether or not the request has reached the handler yet.
  const gate = hold();
  server.use(http.post('*/api/action-request/:requestId', async ({ request, params }) => {
    sent.push({ id: params.requestId, body: await request.json() });
    await gate.passed;
    return fail ? HttpResponse.json({ message: 'nope' }, { status: 500 }) : HttpResponse.json({ success: true, message: 'Friend request accepted.', status: 'accepted' });
  }));
  return { sent, release: gate.release };
}

it('logged out: \'You are not logged in\' with a Login Now button to /login', async () => {
  renderWithProviders('/all-requests');
  expect(await screen.findByRole('heading', { name: 'You are not logged in' })).toBeInTheDocument();
  expect(screen.getByText('Please log in to view your requests and connect with friends.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Login Now' })).toHaveAttribute('href', '/login');
});

it('lists pending requests with the count, initials when there is no avatar, Accept and Reject', async () => {
  storeLogin();
  renderWithProviders('/all-requests');
  expect(await screen.findByRole('heading', { name: 'Friend Requests', level: 1 })).toBeInTheDocument();
  await waitFor(() => expect(rows()).toHaveLength(2));
  expect(screen.getByText('2 pending')).toBeInTheDocument();
  const [rohan] = rows();
  expect(rohan).toHaveTextContent('Rohan Das');
  expect(rohan).toHaveTextContent('RD'); // no avatar: initials
  expect(within(rohan).getByRole('button', { name: 'Accept' })).toHaveAccessibleDescription('Rohan Das');
  expect(within(rohan).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
});

it('accepting removes the request at once and lowers the count; it stays gone once the server agrees', async () => {
  storeLogin();
  const call = gatedAnswer(false);
  const { user } = renderWithProviders('/all-requests');
  await waitFor(() => expect(rows()).toHaveLength(2));
  await user.click(within(rows()[0]).getByRole('button', { name: 'Accept' }));
  // Before the server answers (it waits for release()).
  await waitFor(() => expect(rows()).toHaveLength(1));
  expect(screen.getByText('1 pending')).toBeInTheDocument();
  expect(rows()[0]).toHaveTextContent('Meera Iyer');
  call.release();
  expect(await screen.findByText('Friend request accepted.')).toBeInTheDocument();
  expect(rows()).toHaveLength(1);
  expect(call.sent).toEqual([{ id: rohanRequest._id, body: expect.objectContaining({ action: 'accept' }) }]);
});

it('a failed answer puts the request back and the count up again, with a notice', async () => {
  storeLogin();
  const notices: string[] = [];
  const stop = onFailureNotice((text) => notices.push(text));
  const call = gatedAnswer(true);
  const { user } = renderWithProviders('/all-requests');
  await waitFor(() => expect(rows()).toHaveLength(2));
  await user.click(within(rows()[1]).getByRole('button', { name: 'Reject' }));
  // Before the server answers (it waits for release()).
  await waitFor(() => expect(rows()).toHaveLength(1));
  expect(screen.getByText('1 pending')).toBeInTheDocument();
  call.release();
  await waitFor(() => expect(rows()).toHaveLength(2));
  expect(screen.getByText('2 pending')).toBeInTheDocument();
  expect(rows()[1]).toHaveTextContent(`${meeraRequest.sender.firstName} ${meeraRequest.sender.lastName}`);
  expect(notices).toEqual(['Could not answer the friend request. Please try again.']);
  stop();
});

it('no requests: an empty state', async () => {
  storeLogin();
  server.use(http.get('*/api/friend-requests', () => HttpResponse.json({ success: true, data: [], count: 0 })));
  renderWithProviders('/all-requests');
  expect(await screen.findByText('No pending requests')).toBeInTheDocument();
});
