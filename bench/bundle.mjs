// `npm run bench:bundle`: production build, then per route the initial JS and the route's own lazy
// chunks, gzipped. Budgets: initial JS <= 130 KB gz (it was 150, then 140 before CSS left the JS and
// the drawers became lazy); each route's own chunks <= 30 KB gz.
// Prints figures; exits 0 either way (a benchmark, not a test). `--json <file>`: bench/figures.mjs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import makeConfig from '../webpack.config.js';
import { emit } from './figures.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = makeConfig({}, { mode: 'production' });
config.devtool = false;

const stats = await new Promise((resolve, reject) =>
  webpack(config, (err, result) => (err ? reject(err) : resolve(result))));
if (stats.hasErrors()) {
  console.error(stats.toString('errors-only'));
  process.exit(1);
}
const json = stats.toJson({ all: false, chunks: true, chunkOrigins: true, chunkRelations: true, chunkModules: true, ids: true, timings: true });
const outDir = config.output.path;
const gz = (file) => gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const jsFiles = (chunk) => chunk.files.filter((f) => f.endsWith('.js'));

const byId = new Map(json.chunks.map((c) => [c.id, c]));
const initial = json.chunks.filter((c) => c.initial);
const initialBytes = initial.flatMap(jsFiles).reduce((sum, f) => sum + gz(f), 0);

// A lazy route's own chunks: the chunk holding the page slice's index (the target of its import())
// plus its siblings, the split chunks loaded with it (e.g. a library several pages share).
const routes = new Map();
const mapLibraries = /node_modules\/(leaflet|leaflet-routing-machine|react-leaflet|@react-leaflet)\//;
const hasMapLibrary = (chunk) => (chunk.modules ?? []).some((m) => mapLibraries.test(m.name ?? '') || (m.modules ?? []).some((inner) => mapLibraries.test(inner.name ?? '')));
/** A chunk, its siblings, and everything they load lazily in turn (the map page's workspace). */
function withLazyParts(chunk) {
  const seen = new Set();
  const visit = (id) => {
    if (seen.has(id)) return;
    seen.add(id);
    const c = byId.get(id);
    for (const other of [...(c.siblings ?? []), ...(c.children ?? [])]) visit(other);
  };
  visit(chunk.id);
  return seen;
}
const leaking = [];
for (const chunk of json.chunks.filter((c) => !c.initial)) {
  for (const module of chunk.modules ?? []) {
    const match = /^\.\/src\/pages\/([\w-]+)\/index\.ts\b/.exec(module.name ?? '');
    if (!match) continue;
    const own = new Set([chunk.id, ...(chunk.siblings ?? [])]);
    const all = withLazyParts(chunk);
    const size = (ids) => [...ids].flatMap((id) => jsFiles(byId.get(id))).reduce((sum, f) => sum + gz(f), 0);
    routes.set(match[1], { own: size(own), all: size(all) });
    if (match[1] !== 'map' && [...own].some((id) => hasMapLibrary(byId.get(id)))) leaking.push(match[1]);
  }
}
if (initial.some(hasMapLibrary)) leaking.push('(initial JS)');

const INITIAL_BUDGET = 130 * 1024;
const ROUTE_BUDGET = 30 * 1024;
console.log(`\nInitial JS (every route, incl. /): ${kb(initialBytes)} gzipped  [budget 130 KB: ${initialBytes <= INITIAL_BUDGET ? 'within' : 'OVER'}]`);
console.log(`  files: ${initial.flatMap(jsFiles).join(', ')}`);
console.log('\nLazy route chunks (gzipped, own chunks only):');
for (const [page, { own }] of [...routes].sort((a, b) => a[0].localeCompare(b[0]))) {
  console.log(`  ${page.padEnd(20)} ${kb(own).padStart(9)}  [budget 30 KB: ${own <= ROUTE_BUDGET ? 'within' : 'OVER'}]`);
}
const MAP_BUDGET = 125 * 1024;
const map = routes.get('map');
if (map) {
  console.log(`\n/map with the chunks it loads (Leaflet, leaflet-routing-machine): ${kb(map.all)} gzipped  [budget 125 KB: ${map.all <= MAP_BUDGET ? 'within' : 'OVER'}]`);
}
console.log(`Map libraries in another route's chunks or the initial JS: ${leaking.length === 0 ? 'none' : `IN ${leaking.join(', ')}`}`);
console.log(`\n(built in ${((json.time ?? 0) / 1000).toFixed(1)} s into ${path.relative(root, outDir)}/)`);

const KB = (bytes) => Math.round((bytes / 1024) * 10) / 10;
emit('bundle', { name: 'initial JS, gzipped', value: KB(initialBytes), unit: 'KB', target: { op: '<=', value: 130 } });
const largest = [...routes].sort((a, b) => b[1].own - a[1].own)[0];
if (largest) emit('bundle', { name: `largest route's own chunks (${largest[0]}), gzipped`, value: KB(largest[1].own), unit: 'KB', target: { op: '<=', value: 30 } });
if (map) emit('bundle', { name: '/map with the chunks it loads, gzipped', value: KB(map.all), unit: 'KB', target: { op: '<=', value: 125 } });
emit('bundle', { name: 'map libraries in other chunks', value: leaking.length, unit: 'chunks', target: { op: '<=', value: 0 } });
