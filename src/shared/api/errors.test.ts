import { getErrorMessage, getServerMessage, isNetworkError } from './errors';

it('uses the server message when present', () => {
  expect(getErrorMessage({ status: 409, data: { message: 'Email already in use' } }, 'fallback')).toBe(
    'Email already in use',
  );
});

it('falls back to the screen text, else the generic spec text', () => {
  expect(getErrorMessage({ status: 500, data: 'Internal' }, 'Try again')).toBe('Try again');
  expect(getErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe('Something went wrong');
  expect(getErrorMessage({ status: 400, data: { message: '   ' } })).toBe('Something went wrong');
  expect(getErrorMessage(undefined)).toBe('Something went wrong');
});

it('reads a message from a raw answer body too', () => {
  expect(getServerMessage({ message: 'OTP Sent' })).toBe('OTP Sent');
});

it('tells network failures from server answers', () => {
  expect(isNetworkError({ status: 'FETCH_ERROR', error: 'x' })).toBe(true);
  expect(isNetworkError({ status: 401, data: {} })).toBe(false);
});
