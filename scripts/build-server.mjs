// The server as production runs it: server/main.ts and our modules bundled by esbuild into ES
// modules (dist-server/main.mjs and a few chunks it imports), packages left to node_modules.
// Loading those few files instead of ~150 TypeScript modules through tsx's loader thread takes a
// second off every start, and a restart
// after a crash is what operators wait for (`npm run bench:restart`). Tests and `npm run dev` still
// run the TypeScript directly. The SQL migrations are copied next to the bundle, where main.ts
// finds them relative to itself as it does in server/, and so is embedded PGlite's worker.
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import lockfile from 'proper-lockfile';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundle = path.join(root, 'dist-server', 'main.mjs');
/** A chunk's file name (esbuild's `[name]-[hash]`), and how long an earlier build's chunks are kept. */
const CHUNK = /^[\w-]+-[A-Z0-9]{8}\.mjs(\.map)?$/;
const OLD_CHUNK_MS = 10 * 60_000;

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
    entryPoints: { main: path.join(root, 'server', 'main.ts') },
    outdir,
    // Modules imported dynamically go into chunks of their own, loaded when imported: main.ts
    // imports the web app (app.ts, and the packages it loads) while the database opens, and
    // without chunks esbuild would hoist every package a module imports to the bundle's top.
    // Next to main.mjs, so import.meta.url names the same directory in every chunk.
    splitting: true,
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
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
  // bundle or the new one, never half of one. The chunks go first (named by a hash of their
  // content, so the old bundle's stay as they were) and the bundle last: its mtime marks the build.
  for (const file of [...result.outputFiles].sort((a, b) => Number(a.path === bundle) - Number(b.path === bundle))) {
    const aside = `${file.path}.${process.pid}`;
    writeFileSync(aside, file.contents);
    renameSync(aside, file.path);
  }
  // Earlier builds' chunks, once no server can still be starting on them (a start imports its
  // chunks within seconds of reading main.mjs; a running server holds them in memory).
  const built = new Set(result.outputFiles.map((file) => path.basename(file.path)));
  for (const name of readdirSync(outdir)) {
    const file = path.join(outdir, name);
    if (CHUNK.test(name) && !built.has(name) && statSync(file).mtimeMs < Date.now() - OLD_CHUNK_MS) rmSync(file, { force: true });
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
