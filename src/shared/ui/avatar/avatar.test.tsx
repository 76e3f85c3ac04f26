import { fireEvent, render, screen } from '@testing-library/react';
import { Avatar, getInitials } from '.';

it('takes the initials of the first two words', () => {
  expect(getInitials('Asha Rao')).toBe('AR');
  expect(getInitials('  meera  ')).toBe('M');
  expect(getInitials('Jean Luc Picard')).toBe('JL');
  expect(getInitials('')).toBe('?');
});

it('falls back to initials when the photo fails to load', () => {
  const { container } = render(<Avatar name="Asha Rao" src="/uploads/missing.webp" alt="Asha Rao" />);
  fireEvent.error(screen.getByRole('img', { name: 'Asha Rao' }));
  expect(container).toHaveTextContent('AR');
  expect(container.querySelector('img')).toBeNull();
});
