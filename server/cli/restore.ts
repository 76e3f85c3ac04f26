// `npm run restore -- <file> [--force]`: a backup of `npm run backup` into DATA_DIR's embedded
// database or DATABASE_URL's, and its uploads; then checked against the backup's manifest
// (README "Backups"; server/cli/backup-commands.ts does the work). Exit code 0 only when every
// table's row count and checksum, and every upload, equal the backup's.
import { readCliConfig, typedPath } from './cli-config.js';
import { BackupError, restoreBackup } from './backup-commands.js';

// The AWS SDK (S3_URL) warns on Node 20 that its releases after January 2027 will need Node 22; its
// version is pinned (package.json), so that is no news here, and a cron job mails what comes on stderr.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const pgliteWorker = new URL('../db/pglite-worker.mjs', import.meta.url);
const USAGE = 'Usage: npm run restore -- <backup file> [--force]   (--force replaces a database or uploads that are there)';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0].startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const file = typedPath(files[0]);
  const config = readCliConfig();
  if (!config) return 1;
  const started = performance.now();
  try {
    const { differences, notes } = await restoreBackup(config, file, { force, pgliteWorker, log: (line) => console.log(line) });
    for (const note of notes) console.log(`Note: ${note}`);
    if (differences.length > 0) {
      console.error(`The restored data differ from the backup (${differences.length}):\n${differences.map((line) => `  - ${line}`).join('\n')}`);
      return 1;
    }
    console.log(`Restore complete and verified (${((performance.now() - started) / 1000).toFixed(1)} s).`);
    return 0;
  } catch (error) {
    console.error(error instanceof BackupError ? error.message : `Restore failed: ${(error as Error).message}`);
    return 1;
  }
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(`Restore failed: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
