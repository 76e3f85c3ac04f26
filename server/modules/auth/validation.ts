import type { Static } from '@fastify/type-provider-typebox';
import { fail, type Checked } from '../../lib/checked.js';
import { passwordProblem } from '../../lib/password-policy.js';
import { controlChars } from '../../lib/text.js';
import type { LoginBody, RegisterBody } from './schemas.js';

export interface Registration {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  contactNumber: string;
  password: string;
}

// Spec §5 "Registration", in the order the form shows the fields.
const emailShape = /^\S+@\S+\.\S+$/;
const phoneShape = /^\+?\d{10,15}$/;
const usernameShape = /^[A-Za-z0-9._-]+$/;

/** The trimmed registration, or the first failing rule's message (spec §5, letter for letter; then the password policy). */
export function checkRegistration(body: Static<typeof RegisterBody>): Checked<Registration> {
  const firstName = body.firstName?.trim() ?? '';
  const lastName = body.lastName?.trim() ?? '';
  const username = body.username?.trim() ?? '';
  const email = body.email?.trim().toLowerCase() ?? '';
  const contactNumber = body.contactNumber?.trim() ?? '';
  const password = body.password ?? '';
  if (!firstName) return fail('First name missing');
  if (controlChars.test(firstName)) return fail('First name contains invalid characters');
  if (!lastName) return fail('Last name missing');
  if (controlChars.test(lastName)) return fail('Last name contains invalid characters');
  if (!username) return fail('Username missing');
  if (!usernameShape.test(username)) return fail('Username may only contain letters, digits, dots, underscores and hyphens');
  if (!email) return fail('Email missing');
  if (!emailShape.test(email) || controlChars.test(email)) return fail('Invalid email address');
  if (!contactNumber) return fail('Contact number is required');
  if (!phoneShape.test(contactNumber)) return fail('Invalid phone number format');
  if (!password) return fail('Password missing');
  if (password.length < 6) return fail('Password must be at least 6 characters');
  if (body.confirmPassword !== password) return fail('Passwords do not match');
  const problem = passwordProblem(password, { username, email });
  if (problem) return fail(problem, 'password');
  return { ok: true, value: { firstName, lastName, username, email, contactNumber, password } };
}

/** Spec §5 "Login": username trimmed first, both required. */
export function checkLogin(body: Static<typeof LoginBody>): Checked<{ username: string; password: string }> {
  const username = body.username?.trim() ?? '';
  const password = body.password ?? '';
  if (!username) return fail('Username missing');
  if (!password) return fail('Password missing');
  // No account can have such a name; answering early keeps NUL bytes away from Postgres.
  if (controlChars.test(username)) return fail('Invalid username or password');
  return { ok: true, value: { username, password } };
}
