// `npm run backup [-- --out <dir>]`: one file with the database and the uploads, taken while the
// server runs (README "Backups"; server/cli/backup-commands.ts does the work).
import path from 'node:path';
import { readCliConfig, typedPath } from './cli-config.js';
import { BackupError, takeBackup } from './backup-commands.js';

// The AWS SDK (S3_URL) warns on Node 20 that its releases after January 2027 will need Node 22; its
// version is pinned (package.json), so that is no news here, and a cron job mails what comes on stderr.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const pgliteWorker = new URL('../db/pglite-worker.mjs', import.meta.url);
const USAGE = 'Usage: npm run backup [-- --out <directory>]   (default directory: ./backups)';


async function main(): Promise<number> {
  const args = process.argv.slice(2);
  let outDir = path.resolve('backups');
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '--out' && args[i + 1]) outDir = typedPath(args[(i += 1)]);
    else if (args[i].startsWith('--out=')) outDir = typedPath(args[i].slice('--out='.length));
    else {
      console.error(USAGE);
      return 2;
    }
  }
  const config = readCliConfig();
  if (!config) return 1;
  const started = performance.now();
  try {
    const { file, bytes, manifest } = await takeBackup(config, { outDir, pgliteWorker, log: (line) => console.log(line) });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Backup written: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB, ${manifest.tables.length} tables, ${rows} rows, `
      + `${((performance.now() - started) / 1000).toFixed(1)} s).`);
    return 0;
  } catch (error) {
    console.error(error instanceof BackupError ? error.message : `Backup failed: ${(error as Error).message}`);
    return 1;
  }
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(`Backup failed: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
