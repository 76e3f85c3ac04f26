import { render, screen } from '@testing-library/react';
import { UserAvatar } from './user-avatar';

it("shows the user's photo from the server, else the initials of their name", () => {
  const { container, rerender } = render(<UserAvatar user={{ firstName: 'Asha', lastName: 'Rao', profileImage: '/uploads/asha.webp' }} alt="Asha Rao" />);
  expect(screen.getByRole('img', { name: 'Asha Rao' }).getAttribute('src')).toMatch(/\/uploads\/asha\.webp$/);
  rerender(<UserAvatar user={{ firstName: 'Asha', lastName: 'Rao', profileImage: '' }} />);
  expect(container).toHaveTextContent('AR');
  rerender(<UserAvatar user={{ firstName: '', lastName: '', username: 'meera' }} />);
  expect(container).toHaveTextContent('M');
});
