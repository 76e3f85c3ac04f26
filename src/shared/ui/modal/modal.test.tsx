import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Modal } from '.';

function Harness({ exitDuration }: { exitDuration?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Contact
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Contact" exitDuration={exitDuration}>
        <a href="tel:+911234567890">Call</a>
      </Modal>
    </>
  );
}

afterEach(() => jest.useRealTimers());

it('is a labelled modal dialog that takes focus and returns it', () => {
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Contact' });
  opener.focus();
  fireEvent.click(opener);

  const dialog = screen.getByRole('dialog', { name: 'Contact' });
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(dialog).toHaveFocus();

  fireEvent.keyDown(document, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

it('stays mounted for its exit duration so it can fade out', () => {
  jest.useFakeTimers();
  render(<Harness exitDuration={300} />);
  fireEvent.click(screen.getByRole('button', { name: 'Contact' }));
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));

  expect(document.querySelector('.modal--closing')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(299));
  expect(document.querySelector('.modal')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(document.querySelector('.modal')).not.toBeInTheDocument();
});
