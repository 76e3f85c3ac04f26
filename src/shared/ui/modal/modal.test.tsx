import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { preferReducedMotion } from '@test-utils/match-media';
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

it('keeps Tab and Shift+Tab inside the dialog', () => {
  render(<Harness />);
  fireEvent.click(screen.getByRole('button', { name: 'Contact' }));
  const close = screen.getByRole('button', { name: 'Close' });
  const call = screen.getByRole('link', { name: 'Call' });

  // From the dialog itself (focused on open) Shift+Tab goes round to the last control.
  fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Tab', shiftKey: true });
  expect(call).toHaveFocus();
  fireEvent.keyDown(call, { key: 'Tab' });
  expect(close).toHaveFocus();
  fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
  expect(call).toHaveFocus();
});

it('hides the rest of the page from screen readers while open', () => {
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Contact' });
  fireEvent.click(opener);
  expect(opener.closest('body > div')).toHaveAttribute('aria-hidden', 'true');
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(opener.closest('body > div')).not.toHaveAttribute('aria-hidden');
});

it('fades in and out over the durations given', () => {
  jest.useFakeTimers();
  render(
    <Modal open onClose={() => undefined} title="Contact" enterDuration={300} exitDuration={300}>
      text
    </Modal>,
  );
  const root = document.querySelector<HTMLElement>('.modal');
  expect(root?.style.getPropertyValue('--modal-enter')).toBe('300ms');
  expect(root?.style.getPropertyValue('--modal-exit')).toBe('300ms');
});

it('returns focus at once on close, while the closed dialog is inert during its fade', () => {
  jest.useFakeTimers();
  render(<Harness exitDuration={300} />);
  const opener = screen.getByRole('button', { name: 'Contact' });
  opener.focus();
  fireEvent.click(opener);
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));

  expect(opener).toHaveFocus();
  expect(document.querySelector('.modal')).toHaveAttribute('inert');
});

describe('when the user prefers reduced motion', () => {
  const originalMatchMedia = window.matchMedia;
  beforeEach(preferReducedMotion);
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
  });

  it('closes at once, without a fade', () => {
    jest.useFakeTimers();
    render(<Harness exitDuration={300} />);
    fireEvent.click(screen.getByRole('button', { name: 'Contact' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.querySelector('.modal')).not.toBeInTheDocument();
  });
});
