import { createHmac } from 'node:crypto';
import { hashCode } from './codes.js';

describe('hashCode', () => {
  const secret = 'a-server-secret-that-is-long-enough-0123456789';

  it('is an HMAC under a key derived from the secret, never the secret itself', () => {
    const stored = hashCode(secret, 'password-reset', 'a@example.com', '123456');
    const withRawSecret = createHmac('sha256', secret).update('otp\u0000password-reset\u0000a@example.com\u0000123456').digest('base64url');
    expect(stored).toMatch(/^[\w-]{43}$/);
    expect(stored).not.toBe(withRawSecret);
  });

  it('binds the code to its purpose, address and secret', () => {
    const base = hashCode(secret, 'password-reset', 'a@example.com', '123456');
    expect(hashCode(secret, 'password-reset', 'a@example.com', '123456')).toBe(base);
    expect(hashCode(secret, 'email-change', 'a@example.com', '123456')).not.toBe(base);
    expect(hashCode(secret, 'password-reset', 'b@example.com', '123456')).not.toBe(base);
    expect(hashCode(secret + 'x', 'password-reset', 'a@example.com', '123456')).not.toBe(base);
  });
});
