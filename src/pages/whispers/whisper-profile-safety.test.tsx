import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { safetyAnswers } from '@mocks/fixtures/safety';
import { whispersAnswers } from '@mocks/fixtures/whispers';
import { answerError } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';

// Block and Report on a member's public profile (issue 32).
const profile = whispersAnswers.getPublicProfile.ok.profile;
const path = `/whispers/profile/${profile._id}`;

/** The profile as the server answers it: `blocked` (the caller blocked them) as given, from then on. */
let blocked = false;
beforeEach(() => {
  blocked = false;
  server.use(http.get('*/api/whispers/public-profile/:id', () =>
    HttpResponse.json({ ...whispersAnswers.getPublicProfile.ok, profile: { ...profile, blocked } })));
});
afterEach(() => server.events.removeAllListeners());

it('blocks a member from their profile after a confirmation: the toast, then Unblock instead of Unfollow and Message', async () => {
  storeLogin();
  const calls: string[] = [];
  server.use(http.post('*/api/blocks/:userId', ({ params }) => {
    calls.push(String(params.userId));
    blocked = true;
    return HttpResponse.json(safetyAnswers.blockMember.ok);
  }));
  const { user } = renderWithProviders(path);
  const block = await screen.findByRole('button', { name: 'Block' });
  expect(screen.getByRole('button', { name: 'Unfollow' })).toBeInTheDocument();

  await user.click(block);
  const dialog = await screen.findByRole('dialog', { name: 'Block @rohan?' });
  expect(dialog).toHaveTextContent('They will not be told.');
  // A destructive action: focus starts on Cancel.
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Block' }));

  expect(await screen.findByText('Member blocked.')).toBeInTheDocument();
  expect(calls).toEqual([profile._id]);
  expect(await screen.findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
  expect(screen.getByText('You blocked this member.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Unfollow' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Message' })).not.toBeInTheDocument();
});

it('Cancel and Escape leave the member unblocked, and focus goes back to Block', async () => {
  storeLogin();
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname.startsWith('/api/blocks')) calls.push(request.method);
  });
  const { user } = renderWithProviders(path);
  const block = await screen.findByRole('button', { name: 'Block' });
  await user.click(block);
  await user.click(within(await screen.findByRole('dialog', { name: 'Block @rohan?' })).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(block).toHaveFocus();

  await user.click(block);
  await screen.findByRole('dialog', { name: 'Block @rohan?' });
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(block).toHaveFocus();
  expect(calls).toEqual([]);
});

it('a refused block shows the server\'s message', async () => {
  storeLogin();
  server.use(answerError(safetyAnswers.blockMember, 'notFound'));
  const { user } = renderWithProviders(path);
  await user.click(await screen.findByRole('button', { name: 'Block' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Block @rohan?' })).getByRole('button', { name: 'Block' }));
  expect(await screen.findByText('User not found')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Block' })).toBeInTheDocument();
});

it('unblocks from the profile of a member the caller blocked', async () => {
  storeLogin();
  blocked = true;
  server.use(http.delete('*/api/blocks/:userId', () => {
    blocked = false;
    return HttpResponse.json(safetyAnswers.unblockMember.ok);
  }));
  const { user } = renderWithProviders(path);
  await user.click(await screen.findByRole('button', { name: 'Unblock' }));
  expect(await screen.findByText('Member unblocked.')).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Block' })).toBeInTheDocument();
});

it('offers Report on the member, which reports the user', async () => {
  storeLogin();
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname === '/api/reports') bodies.push(await request.clone().json());
  });
  const { user } = renderWithProviders(path);
  await user.click(await screen.findByRole('button', { name: 'Report' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report' });
  await user.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
  expect(await screen.findByText('Thanks, our moderators will look at this')).toBeInTheDocument();
  await waitFor(() => expect(bodies).toEqual([{ itemType: 'user', itemId: profile._id, reason: 'harassment' }]));
});

it('shows neither Block nor Report to a visitor, nor on one\'s own profile', async () => {
  const view = renderWithProviders(path);
  await screen.findByRole('heading', { name: 'Rohan Das', level: 1 });
  expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  view.unmount();

  storeLogin({ _id: profile._id });
  renderWithProviders(path);
  await screen.findByRole('heading', { name: 'Rohan Das', level: 1 });
  expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
});

it('on one\'s own profile, a post moderators hid says so, and why', async () => {
  storeLogin({ _id: profile._id });
  const [post] = whispersAnswers.getPublicProfile.ok.posts;
  server.use(http.get('*/api/whispers/public-profile/:id', () =>
    HttpResponse.json({ ...whispersAnswers.getPublicProfile.ok, posts: [{ ...post, moderation: { hidden: true, reason: 'Misleading' } }] })));
  renderWithProviders(path);
  expect(await screen.findByText('Moderators hid this: Misleading')).toBeInTheDocument();
});
