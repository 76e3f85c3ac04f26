import { yogaEvent } from '@mocks/fixtures/events';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@test-utils/render';
import { toEvent } from '@/shared/api';
import { EventCard } from '.';

it('a card links to the event with its title, its days and its address', () => {
  const event = toEvent(yogaEvent)!;
  renderWithProviders(<ul><EventCard event={{ ...event, endDate: '2030-03-15' }} /></ul>);
  const link = screen.getByRole('link', { name: new RegExp(event.title) });
  expect(link).toHaveAttribute('href', `/events/${event._id}`);
  expect(link).toHaveTextContent('14 Mar 2030 – 15 Mar 2030');
  expect(link).toHaveTextContent('Triveni Ghat, Rishikesh, Uttarakhand');
});
