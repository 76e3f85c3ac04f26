import { getGreeting } from '.';

const at = (hour: number, minute = 0) => new Date(2025, 0, 15, hour, minute);

it.each([
  [0, 'Good Morning'],
  [11, 'Good Morning'],
  [12, 'Good Afternoon'],
  [17, 'Good Afternoon'],
  [18, 'Good Evening'],
  [23, 'Good Evening'],
])('hour %i → %s', (hour, greeting) => {
  expect(getGreeting(at(hour, 59))).toBe(greeting);
});
