// `npm run moderator -- grant <username> | revoke <username> | list`: the moderator role, given and
// taken from the command line only (no HTTP route can), on the database `npm start` uses.
import { fileURLToPath } from 'node:url';
import { readCliConfig } from './cli-config.js';
import { openDatabase, runModeratorCommand, USAGE } from './moderator-commands.js';

const migrationsFolder = fileURLToPath(new URL('../db/migrations/', import.meta.url));
const pgliteWorker = new URL('../db/pglite-worker.mjs', import.meta.url);

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length === 0) {
    console.error(USAGE);
    return 2;
  }
  const config = readCliConfig();
  if (!config) return 1;
  let opened;
  try {
    opened = await openDatabase(config, pgliteWorker, migrationsFolder);
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  try {
    const { code, output } = await runModeratorCommand(opened.database.db, args);
    (code === 0 ? console.log : console.error)(output);
    return code;
  } finally {
    await opened.close();
  }
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(`Could not run the command: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
