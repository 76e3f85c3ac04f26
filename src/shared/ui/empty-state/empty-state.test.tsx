import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ButtonLink } from '../button';
import { EmptyState } from '.';

it('says what is missing and offers the way on (an empty board with a create link)', () => {
  render(
    <MemoryRouter>
      <EmptyState
        icon="needs"
        title="No needs yet"
        description="Be the first to ask the community for a hand."
        action={<ButtonLink to="/needs/create-needs">Create a need</ButtonLink>}
      />
    </MemoryRouter>,
  );
  expect(screen.getByText('No needs yet')).toBeInTheDocument();
  expect(screen.getByText('Be the first to ask the community for a hand.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Create a need' })).toHaveAttribute('href', '/needs/create-needs');
});

it('needs only a title; its icon is decorative', () => {
  const { container } = render(<EmptyState title="Nothing found" />);
  expect(screen.getByText('Nothing found')).toBeInTheDocument();
  expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  expect(screen.queryByRole('link')).not.toBeInTheDocument();
});

it('its title is plain text, or the heading asked for when the state is all a page shows', () => {
  const { rerender } = render(<EmptyState title="Event not found" />);
  expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  rerender(<EmptyState title="Event not found" titleAs="h1" />);
  expect(screen.getByRole('heading', { level: 1, name: 'Event not found' })).toBeInTheDocument();
});
