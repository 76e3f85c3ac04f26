import { placeLabel } from './place-label';
import { budgetInput, emptyTripForm, toTripInput, travellersInput, validateTrip, type TripFormValues } from './trip-form';

const valid: TripFormValues = { from: 'Panaji', to: 'Manali', startDate: '2026-12-01', endDate: '2026-12-04', peopleCount: '2', budget: '25000' };

describe('validateTrip: spec §5, word for word', () => {
  it('passes a complete trip', () => {
    expect(validateTrip(valid)).toEqual({});
  });

  it('names every missing field', () => {
    expect(validateTrip({ ...emptyTripForm, peopleCount: '' })).toEqual({
      from: 'Please enter source location.',
      to: 'Please enter destination location.',
      startDate: 'Start date is required.',
      endDate: 'End date is required.',
      peopleCount: 'At least 1 traveller is required.',
      budget: 'Please enter a valid budget.',
    });
  });

  it('takes blank places as missing', () => {
    expect(validateTrip({ ...valid, from: '   ', to: ' ' })).toEqual({
      from: 'Please enter source location.',
      to: 'Please enter destination location.',
    });
  });

  it.each([['2026-12-01'], ['2026-11-30']])('refuses an end date of %s (not after the start)', (endDate) => {
    expect(validateTrip({ ...valid, endDate })).toEqual({ endDate: 'End date must be after start date.' });
  });

  it.each([['0'], ['-1'], ['']])('refuses %p travellers', (peopleCount) => {
    expect(validateTrip({ ...valid, peopleCount })).toEqual({ peopleCount: 'At least 1 traveller is required.' });
  });

  it.each([[''], ['0'], ['-5']])('refuses a budget of %p (empty or not above 0)', (budget) => {
    expect(validateTrip({ ...valid, budget })).toEqual({ budget: 'Please enter a valid budget.' });
  });
});

describe('the whole-number fields', () => {
  it('force travellers to at least 1, floored, and let the field be retyped', () => {
    expect(travellersInput('0')).toBe('1');
    expect(travellersInput('-3')).toBe('1');
    expect(travellersInput('2.9')).toBe('2');
    expect(travellersInput('12')).toBe('12');
    expect(travellersInput('')).toBe('');
  });

  it('floor the budget', () => {
    expect(budgetInput('2500.75')).toBe('2500');
    expect(budgetInput('1e3')).toBe('1000');
    expect(budgetInput('-40')).toBe('0');
    expect(budgetInput('')).toBe('');
  });

  it('send numbers, places trimmed', () => {
    expect(toTripInput({ ...valid, from: ' Panaji ', peopleCount: '2', budget: '25000' })).toEqual({
      from: 'Panaji',
      to: 'Manali',
      startDate: '2026-12-01',
      endDate: '2026-12-04',
      peopleCount: 2,
      budget: 25000,
    });
  });
});

it('keeps a picked place whole parts at a time, at most 200 characters', () => {
  expect(placeLabel('Calangute, Bardez, North Goa, Goa, 403516, India')).toBe('Calangute, Bardez, North Goa, Goa, 403516, India');
  const long = `${'A'.repeat(150)}, ${'B'.repeat(60)}, C`;
  expect(placeLabel(long)).toBe('A'.repeat(150));
  expect(placeLabel('X'.repeat(250))).toHaveLength(200);
});
