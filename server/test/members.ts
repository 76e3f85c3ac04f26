import { randomBytes, randomInt } from 'node:crypto';
import { users } from '../db/schema.js';
import { openSession } from '../lib/sessions.js';
import { TEST_JWT_SECRET, type TestApp } from './build-test-app.js';

export interface Member {
  id: string;
  token: string;
  firstName: string;
  lastName: string;
}

/**
 * Many signed-in members at once, made straight in the database with a session each (no password:
 * they never log in). For tests about what members do together (50 of them asking for the last
 * places of an event), where 50 registrations would each spend a password hash for nothing.
 */
export async function makeMembers(t: Pick<TestApp, 'db'>, count: number, firstName = 'Member'): Promise<Member[]> {
  const batch = randomBytes(4).toString('hex');
  const rows = await t.db.insert(users).values(Array.from({ length: count }, (_, i) => ({
    firstName,
    lastName: `No ${i + 1}`,
    username: `m_${batch}_${i}`,
    email: `m_${batch}_${i}@example.com`,
    contactNumber: `+7${randomInt(1_000_000_000, 9_999_999_999)}`,
    passwordHash: 'never-logs-in',
  }))).returning({ id: users.id, firstName: users.firstName, lastName: users.lastName });
  const members: Member[] = [];
  for (const row of rows) members.push({ ...row, token: await openSession(t.db, TEST_JWT_SECRET, row.id) });
  return members;
}
