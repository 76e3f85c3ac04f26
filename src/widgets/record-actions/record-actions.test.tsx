import { screen, waitFor, within } from '@testing-library/react';
import { hold } from '@mocks/hold';
import { renderWithProviders } from '@test-utils/render';
import { RecordActions, type OwnerActions } from '.';

const contact = { name: 'Asha Rao', email: 'asha@example.com', phone: '+919876543210' };

function owner(onDelete: OwnerActions['onDelete']): OwnerActions {
  return { editTo: '/needs/n1/edit', deleteTitle: 'Delete this need?', deleteText: '“Room” will be removed.', deleting: false, onDelete };
}

it('Contact opens the contact modal with the details', async () => {
  const { user } = renderWithProviders(<RecordActions contact={contact} />);
  await user.click(screen.getByRole('button', { name: 'Contact' }));
  expect(screen.getByRole('dialog', { name: 'Contact' })).toBeInTheDocument();
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
