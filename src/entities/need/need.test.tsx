import { needs } from '@mocks/fixtures/needs';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@test-utils/render';
import { toNeed } from '@/shared/api';
import { NeedCard, needAddress, needImages, needPlace } from '.';

const location = { address: 'Kadamba Bus Stand, Patto', city: 'Panaji', state: 'Goa', postalCode: '403001', coordinates: { latitude: 15.5, longitude: 73.8 } };

it("writes where a need is: 'city, state' on a card, the whole address on its page", () => {
  expect(needPlace(location)).toBe('Panaji, Goa');
  expect(needPlace({ city: '', state: 'Goa' })).toBe('Goa');
  expect(needPlace({ city: '', state: '' })).toBe('');
  expect(needAddress(location)).toBe('Kadamba Bus Stand, Patto, Panaji, Goa, 403001');
  expect(needAddress({ ...location, address: '', postalCode: '' })).toBe('Panaji, Goa');
});

it("names a need's photos after it, counted", () => {
  expect(needImages({ serviceName: 'Scooter', images: ['/uploads/a.webp', '/uploads/b.webp'] }).map((image) => image.alt)).toEqual([
    'Scooter, photo 1 of 2',
    'Scooter, photo 2 of 2',
  ]);
});

it('a card links to the need with its name, description and place', () => {
  const need = toNeed(needs.scooters)!;
  renderWithProviders(<NeedCard need={need} />);
  const link = screen.getByRole('link', { name: new RegExp(need.serviceName) });
  expect(link).toHaveAttribute('href', `/needs/${need._id}`);
  expect(link).toHaveTextContent(needPlace(need.location));
});
