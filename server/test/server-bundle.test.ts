import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// The production bundle (scripts/build-server.mjs: one ES module) loads every package imported at
// its top before the server runs a line, and esbuild hoists there the packages of every bundled
// module, those reached only by a dynamic import('./module.js') too. What only some servers need
// must therefore be imported dynamically where it is needed: the AWS SDK, for a bucket (S3_URL),
// costs about 0.4 s of CPU of each start, which a restart after a crash waits for.
const root = path.join(__dirname, '..', '..');
let dir: string;
let bundle: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ns-bundle-'));
  await promisify(execFile)(process.execPath, [path.join(root, 'scripts', 'build-server.mjs'), '--outdir', dir], { cwd: root });
  bundle = await readFile(path.join(dir, 'main.mjs'), 'utf8');
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The packages the bundle imports at its top (import ... from "x" and import "x"). */
const staticImports = (code: string) => [...code.matchAll(/^import\s(?:[^;]*?\sfrom\s)?"([^"]+)";?$/gm)].map((match) => match[1]);

describe('the production bundle', () => {
  it('loads the AWS SDK only for a bucket: not at its top, by a dynamic import', () => {
    const packages = staticImports(bundle);
    expect(packages).toEqual(expect.arrayContaining(['fastify', 'socket.io'])); // the list is read right
    expect(packages.filter((name) => name.startsWith('@aws-sdk/'))).toEqual([]);
    expect(bundle).toContain('import("@aws-sdk/client-s3")');
  });
});
