import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import type { OtpPurpose } from '../../db/tables/otps.js';

export const OTP_TTL_MINUTES = 10;
/** Wrong tries a code survives; the next one kills it (even the right code then fails). */
export const OTP_MAX_ATTEMPTS = 5;

/** Six digits from the CSPRNG, leading zeros kept. */
export const generateCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

const keys = new Map<string, Buffer>();

/** A key for code HMACs only, derived from the server secret (HKDF), so no key serves two uses. */
function codeKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'need-spot', 'one-time-code hmac v1', 32));
    keys.set(secret, key);
  }
  return key;
}

/**
 * What is stored instead of the code: an HMAC, bound to the purpose and the address, so a leaked
 * table reveals no code and a code cannot serve another purpose or address.
 */
export const hashCode = (secret: string, purpose: OtpPurpose, email: string, code: string) =>
  createHmac('sha256', codeKey(secret)).update(`otp\u0000${purpose}\u0000${email}\u0000${code}`).digest('base64url');
