import { screen, waitFor, within } from '@testing-library/react';
import { contactAnswers, needContact, TOO_MANY_CONTACT_REVEALS } from '@mocks/fixtures/contact';
import { needs } from '@mocks/fixtures/needs';
import { answerErrorOnce, answerHeld } from '@mocks/handlers/answer';
import { hold } from '@mocks/hold';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';
import { RecordActions, type OwnerActions } from '.';

const contact = { kind: 'need', id: needs.scooters._id, name: 'Meera Iyer' } as const;

/** The contact requests the page sends (the server counts each one against the member's allowance). */
function contactRequests(): string[] {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.includes('/api/contact/')) seen.push(new URL(request.url).pathname);
  });
  return seen;
}

afterEach(() => server.events.removeAllListeners());

function owner(onDelete: OwnerActions['onDelete']): OwnerActions {
  return { editTo: '/needs/n1/edit', deleteTitle: 'Delete this need?', deleteText: '“Room” will be removed.', deleting: false, onDelete };
}

it('asks for the contact details only when Contact is pressed, shows a spinner meanwhile, then the details; reopening asks nothing', async () => {
  storeLogin();
  const seen = contactRequests();
  const held = answerHeld(contactAnswers.getNeedContact);
  server.use(held.handler);
  const { user } = renderWithProviders(<RecordActions contact={contact} />);
  expect(seen).toEqual([]);

  await user.click(screen.getByRole('button', { name: 'Contact' }));
  const dialog = screen.getByRole('dialog', { name: 'Contact' });
  expect(dialog).toHaveTextContent('Meera Iyer');
  expect(within(dialog).getByRole('status', { name: 'Loading contact details' })).toBeInTheDocument();
  held.release();
  expect(await within(dialog).findByRole('textbox', { name: 'Email' })).toHaveValue(needContact.email);
  expect(within(dialog).getByRole('textbox', { name: 'Phone' })).toHaveValue(needContact.phone);
  expect(within(dialog).getByRole('link', { name: 'Call' })).toHaveAttribute('href', `tel:${needContact.phone}`);
  expect(seen).toEqual([`/api/contact/need/${needs.scooters._id}`]);

  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await user.click(screen.getByRole('button', { name: 'Contact' }));
  expect(within(screen.getByRole('dialog', { name: 'Contact' })).getByRole('textbox', { name: 'Email' })).toHaveValue(needContact.email);
  expect(seen).toHaveLength(1);
});

it('past the hourly allowance shows the server\'s message, and Try again asks again', async () => {
  storeLogin();
  server.use(answerErrorOnce(contactAnswers.getNeedContact, 'tooManyRequests'));
  const { user } = renderWithProviders(<RecordActions contact={contact} />);
  await user.click(screen.getByRole('button', { name: 'Contact' }));
  const dialog = screen.getByRole('dialog', { name: 'Contact' });
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(TOO_MANY_CONTACT_REVEALS);
  expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
  expect(await within(dialog).findByRole('textbox', { name: 'Email' })).toHaveValue(needContact.email);
  expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
});

it('says so when the post has no contact details (an event)', async () => {
  storeLogin();
  const { user } = renderWithProviders(<RecordActions contact={{ kind: 'event', id: needs.scooters._id, name: 'Priya Nair' }} />);
  await user.click(screen.getByRole('button', { name: 'Contact' }));
  const dialog = screen.getByRole('dialog', { name: 'Contact' });
  expect(await within(dialog).findByText('No contact details given.')).toBeInTheDocument();
  expect(dialog).toHaveTextContent('Priya Nair');
});

it('asks a signed-out visitor to log in, and asks the server nothing', async () => {
  const seen = contactRequests();
  const { user } = renderWithProviders(<RecordActions contact={contact} />);
  await user.click(screen.getByRole('button', { name: 'Contact' }));
  const dialog = screen.getByRole('dialog', { name: 'Contact' });
  expect(within(dialog).getByText('Log in to see the contact details.')).toBeInTheDocument();
  expect(within(dialog).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  expect(seen).toEqual([]);
});

it('shows Edit and Delete to the owner only', () => {
  const { unmount } = renderWithProviders(<RecordActions contact={contact} />);
  expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  unmount();
  renderWithProviders(<RecordActions contact={contact} owner={owner(async () => {})} />);
  expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/needs/n1/edit');
  expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
});

it('deletes only after the confirmation, which stays open until the delete has settled', async () => {
  const { passed, release: settle } = hold();
  const onDelete = jest.fn(() => passed);
  const { user } = renderWithProviders(<RecordActions contact={contact} owner={owner(onDelete)} />);
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete this need?' });
  expect(within(dialog).getByText('“Room” will be removed.')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(onDelete).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete this need?' })).getByRole('button', { name: 'Delete' }));
  expect(onDelete).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('dialog', { name: 'Delete this need?' })).toBeInTheDocument();
  settle();
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this need?' })).not.toBeInTheDocument());
});
