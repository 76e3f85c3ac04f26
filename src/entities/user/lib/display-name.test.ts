import { getFirstName, getFullName, getName } from './display-name';

it('uses first and last name, then the username, then User', () => {
  expect(getFullName({ firstName: 'Asha', lastName: 'Rao' })).toBe('Asha Rao');
  expect(getFullName({ firstName: ' ', username: 'asha' })).toBe('asha');
  expect(getFullName(null)).toBe('User');
});

it('gives the name alone, or nothing, where a blank name is not shown', () => {
  expect(getName({ firstName: ' Asha ', lastName: 'Rao' })).toBe('Asha Rao');
  expect(getName({ firstName: '', lastName: 'Rao' })).toBe('Rao');
  expect(getName({ firstName: '', lastName: ' ', username: 'asha' })).toBe('');
  expect(getName(undefined)).toBe('');
});

it('welcomes by first name or User', () => {
  expect(getFirstName({ firstName: 'Asha' })).toBe('Asha');
  expect(getFirstName({ firstName: '' })).toBe('User');
  expect(getFirstName(undefined)).toBe('User');
});
