import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { blockedNisha, blockedVikram, safetyAnswers } from '@mocks/fixtures/safety';
import { answerError } from '@mocks/handlers/answer';
import { hold } from '@mocks/hold';
import { server } from '@mocks/server';
import { renderWithProviders, skipSplash, storeLogin } from '@test-utils/render';

beforeEach(skipSplash);
afterEach(() => server.events.removeAllListeners());

it('/settings/blocked sends a logged-out visitor to /login', async () => {
  const { router } = renderWithProviders('/settings/blocked');
  expect(await screen.findByRole('heading', { name: 'Login Account' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
});

it('Account Settings leads to Blocked members', async () => {
  storeLogin();
  const { user, router } = renderWithProviders('/settings');
  await user.click(await screen.findByRole('link', { name: 'Blocked members' }));
  expect(await screen.findByRole('heading', { name: 'Blocked members', level: 1 })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/settings/blocked');
});

it('lists the blocked members, newest first, with avatar, name and username', async () => {
  storeLogin();
  renderWithProviders('/settings/blocked');
  const list = await screen.findByRole('list', { name: 'Blocked members' });
  const rows = within(list).getAllByRole('listitem');
  expect(rows.map((row) => row.textContent)).toEqual([
    expect.stringContaining('Vikram Shah@vikram'),
    expect.stringContaining('Nisha Menon@nisha'),
  ]);
  expect(rows[1].querySelector('img')).toHaveAttribute('src', expect.stringContaining(blockedNisha.profileImage));
  // Each Unblock says whose block it lifts.
  expect(within(rows[0]).getByRole('button', { name: 'Unblock' })).toHaveAccessibleDescription('Vikram Shah @vikram');
});

it('unblocks: the row goes, with \'Member unblocked.\'', async () => {
  storeLogin();
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'DELETE') calls.push(new URL(request.url).pathname);
  });
  const { user } = renderWithProviders('/settings/blocked');
  const list = await screen.findByRole('list', { name: 'Blocked members' });
  await user.click(within(within(list).getAllByRole('listitem')[0]).getByRole('button', { name: 'Unblock' }));

  expect(await screen.findByText('Member unblocked.')).toBeInTheDocument();
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  expect(list).toHaveTextContent('Nisha Menon');
  expect(calls).toEqual([`/api/blocks/${blockedVikram.id}`]);
});

it('an unblock that fails puts the row back and says why', async () => {
  storeLogin();
  server.use(answerError(safetyAnswers.unblockMember, 'badId'));
  const { user } = renderWithProviders('/settings/blocked');
  const list = await screen.findByRole('list', { name: 'Blocked members' });
  await user.click(within(within(list).getAllByRole('listitem')[1]).getByRole('button', { name: 'Unblock' }));
  expect(await screen.findByText('userId is not a valid uuid')).toBeInTheDocument();
  expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  expect(list).toHaveTextContent(blockedNisha.firstName);
});

it('says so when no one is blocked', async () => {
  storeLogin();
  server.use(http.get('*/api/blocks', () => HttpResponse.json({ status: true, blocked: [] })));
  renderWithProviders('/settings/blocked');
  expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
});

it('shows a spinner while loading, and a failure with Try again', async () => {
  storeLogin();
  let fail = true;
  const { passed, release } = hold();
  server.use(http.get('*/api/blocks', async () => {
    await passed;
    return fail ? HttpResponse.json({ message: 'Boom' }, { status: 500 }) : HttpResponse.json(safetyAnswers.listBlocks.ok);
  }));
  const { user } = renderWithProviders('/settings/blocked');
  expect(await screen.findByRole('status', { name: 'Loading blocked members' })).toBeInTheDocument();
  release();
  expect(await screen.findByText('Could not load your blocked members')).toBeInTheDocument();
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('list', { name: 'Blocked members' })).toBeInTheDocument();
});
