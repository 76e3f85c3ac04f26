import { asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { forget } from '../db/cache.js';
import { createDatabase, type Database, type Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock.js';

export const USAGE = 'Usage: npm run moderator -- grant <username> | revoke <username> | list';

export interface Outcome {
  /** The process's exit code: 0 done, 1 refused (no such member, database in use), 2 not understood. */
  code: number;
  output: string;
}

/**
 * Gives or takes the moderator role, in one UPDATE. The kept sessions (which carry the role) and the
 * user are forgotten in the same transaction: on PostgreSQL the running instances hear it at its commit
 * (db/cache.ts), so the member's next request has the new role.
 */
async function setRole(db: Db, username: string, role: 'member' | 'moderator'): Promise<Outcome> {
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ role }).where(eq(sql`lower(${users.username})`, username.toLowerCase()))
      .returning({ id: users.id, username: users.username });
    if (row) {
      await forget(tx, 'session');
      await forget(tx, 'user', row.id);
    }
    return row;
  });
  if (!changed) return { code: 1, output: `No member is called ${username}.` };
  return { code: 0, output: role === 'moderator' ? `${changed.username} is now a moderator.` : `${changed.username} is no longer a moderator.` };
}

/** `grant <username>`, `revoke <username>` or `list`, on an open database. */
export async function runModeratorCommand(db: Db, args: readonly string[]): Promise<Outcome> {
  const [command, username, ...rest] = args;
  if ((command === 'grant' || command === 'revoke') && username && rest.length === 0) {
    return setRole(db, username.trim(), command === 'grant' ? 'moderator' : 'member');
  }
  if (command === 'list' && username === undefined) {
    const rows = await db.select({ username: users.username, firstName: users.firstName, lastName: users.lastName, status: users.status })
      .from(users).where(eq(users.role, 'moderator')).orderBy(asc(sql`lower(${users.username})`));
    if (rows.length === 0) return { code: 0, output: 'No moderators yet.' };
    return { code: 0, output: rows.map((row) => `${row.username} (${row.firstName} ${row.lastName})${row.status === 'active' ? '' : ` [${row.status}]`}`).join('\n') };
  }
  return { code: 2, output: USAGE };
}

/**
 * The database `npm start` uses (DATABASE_URL, else the embedded one in DATA_DIR), migrated as the
 * server would. The embedded one is locked while a server runs on it (PGlite allows one process):
 * then this throws a DataDirLockedError-like message saying to stop the server first.
 */
export async function openDatabase(config: Config, pgliteWorker: URL, migrationsFolder: string): Promise<{ database: Database; close(): Promise<void> }> {
  let release: (() => Promise<void>) | undefined;
  if (!config.databaseUrl) {
    try {
      release = await lockDataDir(config.dataDir, () => {
        console.error(`Lost the lock on ${config.dataDir}: stopping.`);
        process.exit(1);
      });
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        throw new Error(`The embedded database in ${error.dir} is in use by a running Need Spot server. Stop the server, run this again, then start it.`, { cause: error });
      }
      throw error;
    }
  }
  try {
    const database = await createDatabase(config.databaseUrl
      ? { databaseUrl: config.databaseUrl, poolSize: 1 }
      : { dataDir: config.dataDir, pgliteWorker, maintenanceMs: 0 });
    await database.migrate(migrationsFolder);
    return {
      database,
      async close() {
        await database.close();
        await release?.();
      },
    };
  } catch (error) {
    await release?.();
    throw error;
  }
}
