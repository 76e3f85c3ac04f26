// The server as production runs it: server/main.ts and our modules bundled by esbuild into one ES
// module (dist-server/main.mjs), packages left to node_modules. Loading one file instead of ~150
// TypeScript modules through tsx's loader thread takes a second off every start, and a restart
// after a crash is what operators wait for (`npm run bench:restart`). Tests and `npm run dev` still
// run the TypeScript directly. The SQL migrations are copied next to the bundle, where main.ts
// finds them relative to itself as it does in server/, and so is embedded PGlite's worker.
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import lockfile from 'proper-lockfile';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundle = path.join(root, 'dist-server', 'main.mjs');

function newestMtime(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

/** True when the bundle is missing or older than the server's sources or the installed packages. */
export function serverBundleStale() {
  if (!existsSync(serverBundle)) return true;
  const sources = ['server', 'package-lock.json'].map((p) => path.join(root, p)).filter(existsSync);
  return Math.max(...sources.map(newestMtime)) > statSync(serverBundle).mtimeMs;
}

/** Builds the bundle into dist-server/, or into `outdir` (a test's look at what it imports). */
export async function buildServer(outdir = path.dirname(serverBundle)) {
  const bundle = path.join(outdir, path.basename(serverBundle));
  mkdirSync(outdir, { recursive: true });
  cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(outdir, 'db', 'migrations'), { recursive: true });
  // Embedded PGlite's thread, plain JavaScript that imports only packages (db/pglite-thread.ts).
  cpSync(path.join(root, 'server', 'db', 'pglite-worker.mjs'), path.join(outdir, 'db', 'pglite-worker.mjs'));
  // Loaded only to build: every `npm start` imports this file to check the bundle's age, and a
  // restart after a crash should not wait for esbuild (~50 ms).
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(root, 'server', 'main.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: 'linked', // stack traces name server/*.ts lines (start.mjs enables source maps)
    logLevel: 'warning',
    write: false,
  });
  // Each file written aside and renamed into place: a server starting meanwhile reads the old
  // bundle or the new one, never half of one. The bundle goes last: its mtime marks the build.
  for (const file of [...result.outputFiles].sort((a) => (a.path === bundle ? 1 : -1))) {
    const aside = `${file.path}.${process.pid}`;
    writeFileSync(aside, file.contents);
    renameSync(aside, file.path);
  }
}

/**
 * Builds the bundle when it is stale, once: servers started together (bench:lighthouse starts three)
 * wait on a lock for whichever builds first, then find it fresh.
 */
export async function ensureServerBundle() {
  if (!serverBundleStale()) return;
  const outdir = path.dirname(serverBundle);
  mkdirSync(outdir, { recursive: true });
  const release = await lockfile.lock(outdir, { retries: { retries: 600, minTimeout: 50, maxTimeout: 100 }, stale: 60_000 });
  try {
    if (serverBundleStale()) await buildServer();
  } finally {
    await release();
  }
}

// node scripts/build-server.mjs [--outdir <dir>]
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--outdir');
  const outdir = at > 0 ? path.resolve(process.argv[at + 1]) : undefined;
  await buildServer(outdir);
  console.log(`Built ${path.relative(root, path.join(outdir ?? path.dirname(serverBundle), 'main.mjs'))}`);
}
