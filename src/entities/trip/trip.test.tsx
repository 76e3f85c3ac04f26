import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@test-utils/render';
import type { Trip } from '@/shared/api';
import { daysText, formatAmount, TripCard } from '.';

const trip: Trip = { _id: 't1', from: 'Panaji', to: 'Manali', startDate: '2030-05-10', endDate: '2030-05-16', days: 6, peopleCount: 1, budget: 125000, createdAt: '2030-01-01T00:00:00.000Z' };

it('writes days in the singular for one, and amounts grouped the Indian way', () => {
  expect(daysText(1)).toBe('1 day');
  expect(daysText(6)).toBe('6 days');
  expect(formatAmount(125000)).toBe('1,25,000');
});

it('an upcoming trip offers Edit and Cancel trip; a past one only its facts', async () => {
  const cancel = jest.fn();
  const { rerender } = renderWithProviders(<ul><TripCard trip={trip} onCancel={cancel} /></ul>);
  const card = screen.getByRole('listitem');
  expect(card).toHaveTextContent('Dates10 May 2030 – 16 May 2030');
  expect(card).toHaveTextContent('No. of days6 days');
  expect(card).toHaveTextContent('Budget1,25,000');
  expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/trips/t1/edit');
  await userEvent.click(screen.getByRole('button', { name: 'Cancel trip' }));
  expect(cancel).toHaveBeenCalledWith(trip);
  rerender(<ul><TripCard trip={trip} /></ul>);
  expect(screen.queryByRole('button', { name: 'Cancel trip' })).not.toBeInTheDocument();
});
