import type { Static } from '@fastify/type-provider-typebox';
import type { Checked } from '../../lib/checked.js';
import { controlChars, controlCharsExceptBreaks } from '../../lib/text.js';
import type { ProfileBody } from './schemas.js';

export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  bio?: string;
  location?: string;
  gender?: string;
}

const NAME_MAX = 50;
const GENDERS = ['male', 'female', 'other'];
const BOOLEAN_TEXT = /^(true|false|on|off|1|0|)$/i;
const digitsOf = (phone: string) => phone.replace(/[\s()-]/g, '');

/**
 * The profile update (spec §3 payload) as column changes, or the first failing rule's message.
 * Only the fields sent change. `fullName` splits into the first word and the rest; the contact number
 * is read-only here, so it may only repeat the current one; `useCurrentLocation` is the form's switch
 * (the location it found arrives in `location`) and is only checked.
 */
export function checkProfile(body: Static<typeof ProfileBody>, currentContact: string): Checked<ProfileChanges> {
  const fail = (message: string) => ({ ok: false, message }) as const;
  const value: ProfileChanges = {};
  if (body.fullName !== undefined) {
    const words = body.fullName.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) return fail('Full name is required.');
    if (controlChars.test(body.fullName)) return fail('Full name contains invalid characters.');
    if (words.length < 2) return fail('Please enter your first and last name.');
    const [firstName, ...rest] = words;
    const lastName = rest.join(' ');
    if (firstName.length > NAME_MAX) return fail(`First name must be at most ${NAME_MAX} characters.`);
    if (lastName.length > NAME_MAX) return fail(`Last name must be at most ${NAME_MAX} characters.`);
    Object.assign(value, { firstName, lastName });
  }
  if (body.bio !== undefined) {
    if (controlCharsExceptBreaks.test(body.bio)) return fail('Bio contains invalid characters.');
    value.bio = body.bio.replace(/\r\n?/g, '\n').trim(); // forms send CRLF line breaks
  }
  if (body.location !== undefined) {
    if (controlChars.test(body.location)) return fail('Location contains invalid characters.');
    value.location = body.location.trim();
  }
  if (body.gender !== undefined) {
    const gender = body.gender.trim().toLowerCase();
    if (gender !== '' && !GENDERS.includes(gender)) return fail('Gender must be male, female or other.');
    value.gender = gender;
  }
  if (body.contact !== undefined) {
    const contact = digitsOf(body.contact.trim());
    if (contact !== '' && contact !== digitsOf(currentContact)) return fail('Contact number cannot be changed here.');
  }
  if (typeof body.useCurrentLocation === 'string' && !BOOLEAN_TEXT.test(body.useCurrentLocation.trim())) {
    return fail('useCurrentLocation must be true or false.');
  }
  return { ok: true, value };
}
