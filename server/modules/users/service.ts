import { and, eq, sql } from 'drizzle-orm';
import { cachedRead } from '../../db/cache.js';
import { userChanged } from '../../lib/cached-reads.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { ProfileChanges } from './profile.js';

const byIdQuery = (db: Db) => db.select().from(users).where(eq(users.id, sql.placeholder('id'))).limit(1).prepare('user_by_id');
// Built once per database: the statement's text (and on PostgreSQL its plan) is reused.
const byId = new WeakMap<Db, ReturnType<typeof byIdQuery>>();

/** The user row, kept until it changes (`userChanged`, db/cache.ts); do not mutate it. */
export function findUserById(db: Db, id: string) {
  return cachedRead(db, 'user', id, async () => {
    let query = byId.get(db);
    if (!query) byId.set(db, (query = byIdQuery(db)));
    const [row] = await query.execute({ id });
    return row;
  });
}

/** One UPDATE of the fields sent; undefined when the account is gone or deactivated. */
export async function updateProfile(db: Db, id: string, changes: ProfileChanges) {
  const active = and(eq(users.id, id), eq(users.status, 'active'));
  if (Object.keys(changes).length === 0) {
    const [row] = await db.select().from(users).where(active).limit(1);
    return row;
  }
  const [row] = await db.update(users).set(changes).where(active).returning();
  await userChanged(db, id, { shown: true });
  return row;
}

/**
 * Points the profile at a new image and resolves to the updated user and the image it replaced
 * (the caller deletes that file); undefined when the account is gone. The row lock makes two
 * concurrent uploads each see the image the other replaced, so no file is orphaned.
 */
export function replaceProfileImage(db: Db, id: string, profileImage: string) {
  return db.transaction(async (tx) => {
    const [old] = await tx.select({ profileImage: users.profileImage }).from(users)
      .where(and(eq(users.id, id), eq(users.status, 'active'))).for('update');
    if (!old) return undefined;
    const [user] = await tx.update(users).set({ profileImage }).where(eq(users.id, id)).returning();
    await userChanged(tx, id, { shown: true });
    return { user, replaced: old.profileImage };
  });
}
