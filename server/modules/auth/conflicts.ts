import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Registration } from './validation.js';

// Unique index (db/tables/users.ts) → the spec §8 message, for a violation nobody saw coming.
const messageByConstraint: Record<string, string> = {
  users_username_lower_key: 'Username already taken',
  users_email_lower_key: 'Email already in use',
  users_contact_number_key: 'Contact number already used',
};

export const conflictMessageForConstraint = (constraint: string) => messageByConstraint[constraint] ?? 'User already exists';

/**
 * Which registration message applies, given the accounts that already hold the username, e-mail or
 * contact number: one account with both the username and the e-mail is 'User already exists'.
 */
export async function findRegistrationConflict(db: Db, input: Registration): Promise<string | undefined> {
  const taken = await db
    .select({ username: users.username, email: users.email, contactNumber: users.contactNumber })
    .from(users)
    .where(or(
      eq(sql`lower(${users.username})`, input.username.toLowerCase()),
      eq(sql`lower(${users.email})`, input.email),
      eq(users.contactNumber, input.contactNumber),
    ));
  const sameUsername = (row: (typeof taken)[number]) => row.username.toLowerCase() === input.username.toLowerCase();
  const sameEmail = (row: (typeof taken)[number]) => row.email.toLowerCase() === input.email;
  if (taken.some((row) => sameUsername(row) && sameEmail(row))) return 'User already exists';
  if (taken.some(sameEmail)) return 'Email already in use';
  if (taken.some(sameUsername)) return 'Username already taken';
  if (taken.length > 0) return 'Contact number already used';
  return undefined;
}
