// `npm start`: build the SPA when dist/ is missing or older than its sources, and the server bundle
// (scripts/build-server.mjs) when it is older than server/, then run the server in this process, so
// signals reach it directly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBundle, serverBundle } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist', 'index.html');

function newestMtime(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

function needsBuild() {
  if (!existsSync(builtIndex)) return true;
  const sources = ['src', 'public', 'webpack.config.js', 'babel.config.cjs', 'package-lock.json']
    .map((p) => path.join(root, p))
    .filter(existsSync);
  return Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs;
}

if (process.env.SKIP_BUILD !== 'true' && needsBuild()) {
  console.log('Building the web app (first start, or sources changed)...');
  const webpackCli = path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
  const result = spawnSync(process.execPath, [webpackCli, '--mode', 'production'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The web app build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}

await ensureServerBundle();
process.setSourceMapsEnabled(true);
await import(serverBundle);
