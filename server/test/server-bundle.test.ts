import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// The production bundle (scripts/build-server.mjs) loads every package imported at the top of
// main.mjs, and of the chunks that imports at its top, before the server runs a line. What only
// some servers need must be imported dynamically where it is needed: the AWS SDK, for a bucket
// (S3_URL), costs about 0.4 s of CPU of each start, which a restart after a crash waits for. And
// main.ts loads the web app (app.ts and its packages) while the database opens, by a dynamic
// import that must stay one (a chunk), not become part of what main.mjs loads first.
const root = path.join(__dirname, '..', '..');
let dir: string;
/** The packages main.mjs loads before it runs (its static imports, and those of the chunks it imports statically). */
let loadedFirst: string[];
let chunks: Map<string, string>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ns-bundle-'));
  await promisify(execFile)(process.execPath, [path.join(root, 'scripts', 'build-server.mjs'), '--outdir', dir], { cwd: root });
  chunks = new Map();
  const packages = new Set<string>();
  const visit = async (file: string) => {
    if (chunks.has(file)) return;
    const code = await readFile(path.join(dir, file), 'utf8');
    chunks.set(file, code);
    for (const name of staticImports(code)) {
      if (name.startsWith('./')) await visit(name.slice(2));
      else packages.add(name);
    }
  };
  await visit('main.mjs');
  loadedFirst = [...packages];
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The packages the bundle imports at its top (import ... from "x" and import "x"). */
const staticImports = (code: string) => [...code.matchAll(/^import\s(?:[^;]*?\sfrom\s)?"([^"]+)";?$/gm)].map((match) => match[1]);

const dynamicImports = (code: string) => [...code.matchAll(/\bimport\("([^"]+)"\)/g)].map((match) => match[1]);

describe('the production bundle', () => {
  it('loads the AWS SDK only for a bucket: not before it runs, by a dynamic import', async () => {
    expect(loadedFirst).toEqual(expect.arrayContaining(['pino', 'proper-lockfile'])); // the list is read right
    expect(loadedFirst.filter((name) => name.startsWith('@aws-sdk/'))).toEqual([]);
    const all = (await readdir(dir)).filter((name) => name.endsWith('.mjs'));
    const code = await Promise.all(all.map((name) => readFile(path.join(dir, name), 'utf8')));
    expect(code.flatMap(dynamicImports)).toContain('@aws-sdk/client-s3');
  });

  it('loads the web app (fastify, socket.io) by a dynamic import, while the database opens', () => {
    expect(loadedFirst.filter((name) => ['fastify', 'socket.io', '@fastify/type-provider-typebox'].includes(name))).toEqual([]);
    expect(dynamicImports(chunks.get('main.mjs')!).some((name) => /^\.\/app-\w+\.mjs$/.test(name))).toBe(true);
  });
});
