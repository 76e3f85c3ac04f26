// Runs statements on a stopped server's database and prints what each answered, as JSON: the
// reliability suites' look at the rows and at the database's own checks after a crash.
//
//   node server/test/reliability/inspect-database.mjs --pglite <DATA_DIR>/pglite < statements.json
//   node server/test/reliability/inspect-database.mjs --url postgres://... < statements.json
//
// stdin: a JSON array of SQL strings; stdout: one JSON array, { rows } or { error } per statement,
// in order (a failed statement does not stop the others: each index's check is its own statement).
// A process of its own, so that PGlite (ES modules and WebAssembly) opens the directory as the
// server's thread does (db/pglite-worker.mjs), outside Jest's module system. PGlite loads
// amcheck (PGlite's build of PostgreSQL's contrib module) besides the server's pg_trgm.
import { readFileSync } from 'node:fs';

const [how, where] = process.argv.slice(2);
const statements = JSON.parse(readFileSync(0, 'utf8'));

async function open() {
  if (how === '--pglite') {
    const [{ PGlite }, { pg_trgm }, { amcheck }] = await Promise.all([
      import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm'), import('@electric-sql/pglite/contrib/amcheck'),
    ]);
    const database = await PGlite.create(where, { extensions: { pg_trgm, amcheck } });
    return { query: (sql) => database.query(sql).then((result) => result.rows), close: () => database.close() };
  }
  if (how === '--url') {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: where });
    await client.connect();
    return { query: (sql) => client.query(sql).then((result) => result.rows), close: () => client.end() };
  }
  throw new Error('usage: inspect-database.mjs --pglite <dir> | --url <url> < statements.json');
}

const database = await open();
const results = [];
for (const sql of statements) {
  try {
    results.push({ rows: await database.query(sql) });
  } catch (error) {
    results.push({ error: String(error?.message ?? error) });
  }
}
await database.close();
process.stdout.write(JSON.stringify(results));
