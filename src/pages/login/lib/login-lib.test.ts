import { LOGIN_FALLBACK_ERROR, toLoginError } from './login-error';
import { randomRedirectDelay } from './redirect-delay';

it('keeps the two known login errors and maps anything else to the fallback', () => {
  expect(toLoginError('Invalid username or password')).toBe('Invalid username or password');
  expect(toLoginError('Your account has been deactivated. Please contact support.')).toBe(
    'Your account has been deactivated. Please contact support.',
  );
  expect(toLoginError('Too many login attempts. Please try again later.')).toBe(LOGIN_FALLBACK_ERROR);
  expect(toLoginError(undefined)).toBe('Something went wrong. Please try again.');
});

it('redirects after 3000 to 4999 ms', () => {
  expect(randomRedirectDelay(() => 0)).toBe(3000);
  expect(randomRedirectDelay(() => 0.5)).toBe(4000);
  expect(randomRedirectDelay(() => 0.99999999)).toBe(4999);
  expect(randomRedirectDelay(() => 1)).toBe(4999);
});
