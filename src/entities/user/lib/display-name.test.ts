import { getFirstName, getFullName } from './display-name';

it('uses first and last name, then the username, then User', () => {
  expect(getFullName({ firstName: 'Asha', lastName: 'Rao' })).toBe('Asha Rao');
  expect(getFullName({ firstName: ' ', username: 'asha' })).toBe('asha');
  expect(getFullName(null)).toBe('User');
});

it('welcomes by first name or User', () => {
  expect(getFirstName({ firstName: 'Asha' })).toBe('Asha');
  expect(getFirstName({ firstName: '' })).toBe('User');
  expect(getFirstName(undefined)).toBe('User');
});
