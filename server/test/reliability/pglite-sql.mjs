// Runs SQL on a stopped server's embedded database: `node pglite-sql.mjs <DATA_DIR>` reads a JSON
// array of statements on stdin and prints a JSON array of their rows. A process of its own because
// PGlite (WebAssembly, ES modules) does not load inside Jest's sandbox, and the reliability project
// runs plain Node; opened with pg_trgm as the server opens it (db/pglite-worker.mjs).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const statements = JSON.parse(readFileSync(0, 'utf8'));
const database = await PGlite.create(path.join(process.argv[2], 'pglite'), { extensions: { pg_trgm } });
const results = [];
for (const statement of statements) results.push((await database.query(statement)).rows);
await database.close();
process.stdout.write(JSON.stringify(results));
