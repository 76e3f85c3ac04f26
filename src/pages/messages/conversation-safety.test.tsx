import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { messagesAnswers, rohan, rohanMessages } from '@mocks/fixtures/messages';
import { safetyAnswers } from '@mocks/fixtures/safety';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';

// Block, Report and moderation in a conversation (issue 32).
const path = `/messages/${rohan._id}`;

/** The conversation as the server answers it, `blocked` as given from then on (and `messages` if given). */
let blocked = false;
let messages: object[] = rohanMessages;
beforeEach(() => {
  blocked = false;
  messages = rohanMessages;
  server.use(http.get('*/api/messages/:userId', () => HttpResponse.json({ ...messagesAnswers.getConversation.ok, messages, blocked })));
});
afterEach(() => server.events.removeAllListeners());

it('a blocked conversation stays readable, and \'You cannot message this member.\' replaces the composer', async () => {
  storeLogin();
  blocked = true;
  renderWithProviders(path);
  expect(await screen.findByText('You cannot message this member.')).toBeInTheDocument();
  expect(within(screen.getByRole('log')).getAllByRole('listitem')).toHaveLength(3);
  expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
});

it('blocks from the thread: the toast, and the composer gives way', async () => {
  storeLogin();
  server.use(http.post('*/api/blocks/:userId', () => {
    blocked = true;
    return HttpResponse.json(safetyAnswers.blockMember.ok);
  }));
  const { user } = renderWithProviders(path);
  expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Block' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Block @rohan?' })).getByRole('button', { name: 'Block' }));
  expect(await screen.findByText('Member blocked.')).toBeInTheDocument();
  expect(await screen.findByText('You cannot message this member.')).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
});

it('offers Report on each of their messages, not on one\'s own, and reports the message', async () => {
  storeLogin();
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname === '/api/reports') bodies.push(await request.clone().json());
  });
  const { user } = renderWithProviders(path);
  const log = await screen.findByRole('log');
  const [mine, theirs] = within(log).getAllByRole('listitem');
  expect(within(mine).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  const report = within(theirs).getByRole('button', { name: 'Report' });
  expect(report).toHaveAccessibleDescription(rohanMessages[1].content);
  expect(within(log).getAllByRole('button', { name: 'Report' })).toHaveLength(2);

  await user.click(report);
  const dialog = await screen.findByRole('dialog', { name: 'Report' });
  await user.click(within(dialog).getByRole('radio', { name: 'Inappropriate content' }));
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
  expect(await screen.findByText('Thanks, our moderators will look at this')).toBeInTheDocument();
  await waitFor(() => expect(bodies).toEqual([{ itemType: 'message', itemId: rohanMessages[1]._id, reason: 'inappropriate' }]));
});

it('a message moderators hid shows its sender why', async () => {
  storeLogin();
  messages = [{ ...rohanMessages[0], moderation: { hidden: true, reason: 'Shared a phone number' } }, ...rohanMessages.slice(1)];
  renderWithProviders(path);
  const log = await screen.findByRole('log');
  expect(within(within(log).getAllByRole('listitem')[0]).getByText('Moderators hid this: Shared a phone number')).toBeInTheDocument();
});
