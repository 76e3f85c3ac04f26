import { formatDateRange, formatDay, formatTimeRange, parseDay, today } from './dates';

it('reads a day as a local date, and nothing else', () => {
  expect(parseDay('2030-03-14')?.getDate()).toBe(14);
  expect(parseDay('2030-03-14')?.getHours()).toBe(0);
  expect(parseDay('14/03/2030')).toBeNull();
  expect(parseDay('')).toBeNull();
});

it('formats days and ranges the Indian way', () => {
  expect(formatDay('2030-03-14')).toBe('14 Mar 2030');
  expect(formatDateRange('2030-03-14', '2030-03-15')).toBe('14 Mar 2030 – 15 Mar 2030');
  expect(formatDateRange('2030-03-14', '2030-03-14')).toBe('14 Mar 2030');
  expect(formatDateRange('2030-03-14', '')).toBe('14 Mar 2030');
});

it('joins the times given', () => {
  expect(formatTimeRange('06:00', '07:30')).toBe('06:00 – 07:30');
  expect(formatTimeRange('06:00', '')).toBe('06:00');
  expect(formatTimeRange('', '')).toBe('');
});

it('writes today as a date input value', () => {
  expect(today(new Date(2030, 0, 5, 23, 59))).toBe('2030-01-05');
});
