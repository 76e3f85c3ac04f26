import { fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog } from '.';

const renderDialog = (props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) => {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  render(
    <ConfirmDialog open title="Save changes?" onConfirm={onConfirm} onCancel={onCancel} {...props}>
      <p>Sure?</p>
    </ConfirmDialog>,
  );
  return { onConfirm, onCancel };
};

it('asks with Confirm and Cancel, focusing Confirm', () => {
  const { onConfirm, onCancel } = renderDialog();
  expect(screen.getByRole('dialog', { name: 'Save changes?' })).toHaveTextContent('Sure?');
  expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onConfirm).toHaveBeenCalledTimes(1);
  expect(onCancel).toHaveBeenCalledTimes(1);
});

it('focuses Cancel for a destructive action and locks both buttons while busy', () => {
  const onCancel = jest.fn();
  const props = { open: true, title: 'Delete?', tone: 'danger' as const, confirmLabel: 'Delete', busyLabel: 'Deleting...', onConfirm: jest.fn(), onCancel };
  const { rerender } = render(<ConfirmDialog {...props} />);
  expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();

  rerender(<ConfirmDialog {...props} busy />);
  expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(onCancel).not.toHaveBeenCalled();
});
