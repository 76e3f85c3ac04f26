// Need Spot as it runs at scale, started on loopback for tests and benches: PostgreSQL and Redis
// (Debian's packages), an S3-compatible server (s3rver, in this process), N server instances on
// that one database, bus and bucket, and nginx in front with deploy/nginx.conf. Free ports only,
// everything in one temporary directory, all of it stopped and removed by `stop()`, also after a
// failed start.
//
//   import { startScaleStack } from './scripts/scale-stack.mjs';
//   const stack = await startScaleStack({ instances: 2 });
//   stack.url                        nginx, e.g. http://127.0.0.1:41234
//   stack.instances[i].url / .port   one instance directly
//   await stack.instances[i].stop()  SIGTERM (or stop('SIGKILL')); resolves to its exit code
//   await stack.instances[i].start() starts it again on the same port
//   stack.accessLog()                nginx's access log so far, parsed: [{ request, status, upstream, id, ... }]
//   await stack.stop()               everything, whatever state it is in
//
// Options: instances (1 or more, default 2); env (extra environment for every instance, e.g.
// LIMIT_*); root (the repository, default the current directory: npm runs scripts there); log
// (a function for progress lines, default none). Instances run the production bundle
// (`node scripts/start.mjs`, SKIP_BUILD=true: the SPA's dist/ is not needed for the API), the first
// alone (it builds the bundle when stale and runs the migrations), then the others.
//
// The building blocks are exported too: pgBinDir, missingBinaries, startPostgres, startRedis,
// startS3, serverInstance (bench/all.mjs starts PostgreSQL and Redis with them; the reliability
// suite, server/test/reliability, kills and restarts instances).
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { freePort } from '../bench/free-port.mjs';

const asRoot = process.getuid?.() === 0;

/** The newest PostgreSQL server binaries of Debian's packages (/usr/lib/postgresql/<n>/bin), or undefined. */
export function pgBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(base, versions.at(-1), 'bin') : undefined;
}

function which(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).stdout.trim() || undefined;
}
const nginxBin = () => which('nginx') ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : undefined);

/** What the stack needs and this machine lacks, as a sentence per binary (empty when all are there). */
export function missingBinaries({ nginx = true } = {}) {
  const missing = [];
  if (!pgBinDir()) missing.push('PostgreSQL server binaries (/usr/lib/postgresql/<n>/bin; Debian package postgresql)');
  if (!which('redis-server')) missing.push('redis-server (Debian package redis-server)');
  if (nginx && !nginxBin()) missing.push('nginx (Debian package nginx)');
  return missing;
}

/** Runs a command to its end, as the postgres user when this runs as root (PostgreSQL refuses root). */
function asPostgres(command, args) {
  const [file, list] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const run = spawnSync(file, list, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${run.error?.message ?? run.stderr ?? ''}`);
  return run.stdout;
}

/** Resolves once something listens on host:port, or rejects after `ms`. */
async function listening(port, ms, host = '127.0.0.1') {
  const until = Date.now() + ms;
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = createConnection({ host, port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`nothing listens on ${host}:${port} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves to the exit code once `child` has exited (at once when it already has). */
function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
}

/** Sends `signal`, and SIGKILL if the child is still there after `ms`; resolves once it has exited. */
async function kill(child, signal = 'SIGTERM', ms = 15_000) {
  const done = exited(child);
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  try {
    return await done;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * PostgreSQL on 127.0.0.1 at a free port, its data under `dir`/pg (trust authentication: loopback
 * and throwaway). `url` names the server (add /<database>); `stop()` is a fast shutdown. `durable`:
 * with fsync, as a real server (bench/all.mjs's benches measure writes); by default without (tests).
 */
export async function startPostgres(dir, { durable = false } = {}) {
  const bin = pgBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql/<n>/bin)');
  const pgDir = path.join(dir, 'pg');
  mkdirSync(pgDir, { recursive: true });
  if (asRoot) spawnSync('chown', ['postgres', pgDir]);
  const port = await freePort();
  const data = path.join(pgDir, 'data');
  asPostgres(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', ...(durable ? [] : ['--no-sync'])]);
  asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-o', `-p ${port} -k ${pgDir} -c listen_addresses=127.0.0.1${durable ? '' : ' -c fsync=off'} -c max_connections=200`, '-l', path.join(pgDir, 'postgres.log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}`,
    port,
    bin,
    stop: () => {
      try {
        asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch {
        // not running
      }
    },
  };
}

/** redis-server on 127.0.0.1 at a free port, no persistence; a child of this process. */
export async function startRedis() {
  const bin = which('redis-server');
  if (!bin) throw new Error('redis-server is not installed');
  const port = await freePort();
  const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  child.on('error', () => {});
  // Not yet anyone's to stop: killed here should it not come up.
  await listening(port, 10_000).catch((error) => kill(child).then(() => Promise.reject(error)));
  return { url: `redis://127.0.0.1:${port}`, port, stop: () => kill(child) };
}

/**
 * S3 shows an object only once it is whole; s3rver writes it in place, so a listing meanwhile (a
 * backup's, under writes) saw it half written, of another size. Here each object is written beside
 * its place (a name s3rver does not list), its metadata next, and then renamed into place.
 */
function writeObjectsWhole(store) {
  store.putObject = async (object) => {
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(path.dirname(objectPath), { recursive: true });
    const partial = `${objectPath}.${randomBytes(6).toString('hex')}.partial`;
    const md5 = createHash('md5');
    let size = 0;
    const counting = new Transform({
      transform(chunk, _encoding, callback) {
        md5.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    await pipeline(content, counting, createWriteStream(partial));
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    await rename(partial, objectPath);
    return { size, md5: digest };
  };
}

/** s3rver (an S3-compatible server for tests) in this process, its objects under `dir`/s3, with one bucket. */
export async function startS3(dir, bucket = 'need-spot') {
  const { default: S3rver } = await import('s3rver');
  const directory = path.join(dir, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  writeObjectsWhole(server.store);
  const { port } = await server.run();
  return {
    // S3RVER/S3RVER are s3rver's fixed credentials.
    url: `http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}?region=eu-central-1&forcePathStyle=true`,
    port,
    stop: () => server.close(),
  };
}

/**
 * deploy/nginx.conf with this stack's ports and paths: the upstream's `server` lines (one per
 * instance port, with the example's parameters), `listen`, `pid`, the logs, the temporary
 * directories; `user` is root when this runs as root (the workers then write the temporary
 * directories this process made) and dropped otherwise (it only applies to a root master).
 */
export function renderNginxConfig(template, { port, upstreams, dir }) {
  const serverLine = /^(\s*)server\s+\S+:\d+(\s[^;]*)?;\s*$/m;
  const first = template.match(serverLine);
  if (!first) throw new Error('deploy/nginx.conf: no upstream server line');
  const [, indent, parameters = ''] = first;
  let rendered = template.replace(new RegExp(serverLine.source, 'gm'), '');
  const servers = upstreams.map((upstream) => `${indent}server ${upstream}${parameters};`).join('\n');
  rendered = rendered.replace(/^(\s*zone need_spot[^;]*;.*)$/m, `$1\n${servers}`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `    ${name}_temp_path ${path.join(dir, `${name}_temp`)};`).join('\n');
  const replacements = [
    [/^user\s[^;]*;/m, asRoot ? 'user root;' : ''],
    [/^pid\s[^;]*;/m, `pid ${path.join(dir, 'nginx.pid')};`],
    [/^error_log\s[^;]*;/m, `error_log ${path.join(dir, 'error.log')} warn;`],
    [/^(\s*)access_log\s+\S+/m, `$1access_log ${path.join(dir, 'access.log')}`],
    [/^(\s*)listen\s[^;]*;/m, `$1listen 127.0.0.1:${port};`],
    [/^http \{$/m, `http {\n${temp}`],
  ];
  for (const [pattern, replacement] of replacements) {
    if (!pattern.test(rendered)) throw new Error(`deploy/nginx.conf: nothing matches ${pattern}`);
    rendered = rendered.replace(pattern, replacement);
  }
  return rendered;
}

/** One line of the access log (deploy/nginx.conf's `need_spot` format), or undefined. */
export function parseAccessLine(line) {
  const match = line.match(/^(\S+) \[([^\]]+)\] "([^"]*)" (\d+) (\d+) rt=(\S+) upstream=(.*?) upstream_status=(.*?) urt=(.*?) id=(\S+)$/);
  if (!match) return undefined;
  const [, remote, time, request, status, bytes, requestTime, upstream, upstreamStatus, , id] = match;
  return { remote, time, request, status: Number(status), bytes: Number(bytes), requestTime: Number(requestTime), upstream, upstreamStatus, id };
}

async function startNginx(root, dir, upstreams) {
  const bin = nginxBin();
  if (!bin) throw new Error('nginx is not installed');
  const nginxDir = path.join(dir, 'nginx');
  mkdirSync(nginxDir, { recursive: true });
  const port = await freePort();
  const config = renderNginxConfig(readFileSync(path.join(root, 'deploy', 'nginx.conf'), 'utf8'), { port, upstreams, dir: nginxDir });
  const file = path.join(nginxDir, 'nginx.conf');
  writeFileSync(file, config);
  const args = ['-p', nginxDir, '-c', file, '-e', path.join(nginxDir, 'error.log'), '-g', 'daemon off;'];
  const test = spawnSync(bin, [...args, '-t'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t: ${test.stderr}`);
  const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.on('error', () => {});
  await Promise.race([
    listening(port, 10_000),
    exited(child).then((code) => {
      throw new Error(`nginx exited (${code}): ${stderr}`);
    }),
  ]).catch((error) => kill(child, 'SIGQUIT', 5_000).then(() => Promise.reject(error)));
  const accessLog = path.join(nginxDir, 'access.log');
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    accessLog: () => (existsSync(accessLog) ? readFileSync(accessLog, 'utf8') : '').split('\n').map(parseAccessLine).filter(Boolean),
    errorLog: () => readFileSync(path.join(nginxDir, 'error.log'), 'utf8'),
    // SIGQUIT: a graceful stop (SIGTERM is nginx's fast one); open WebSocket connections do not hold it long.
    stop: () => kill(child, 'SIGQUIT', 5_000),
  };
}

/**
 * One server instance, the way production runs it: `node scripts/start.mjs` with the built bundle,
 * on `port` every time it starts (clients reconnect to the same address). `env` is its environment
 * (DATA_DIR, DATABASE_URL, ...) on top of this process's.
 */
export function serverInstance(root, env, port, log) {
  const instance = {
    port,
    url: `http://127.0.0.1:${port}`,
    child: undefined,
    output: '',
    /** Starts it (again); resolves once it says it is running (after its /api/ready answered 200). */
    async start() {
      if (instance.child && instance.child.exitCode === null && instance.child.signalCode === null) return;
      const child = (instance.child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
        cwd: root,
        env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', SKIP_BUILD: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      }));
      child.on('error', () => {});
      // This start's ready line: `output` keeps what the starts before printed too.
      const from = instance.output.length;
      const ready = new Promise((resolve, reject) => {
        const onData = (chunk) => {
          instance.output += chunk;
          if (instance.output.slice(from).includes(`Need Spot is running at http://127.0.0.1:${port}`)) resolve();
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', (chunk) => (instance.output += chunk));
        child.once('exit', (code) => reject(new Error(`instance on port ${port} exited (${code}) before it was ready:\n${instance.output.slice(-4000)}`)));
      });
      const timer = new Promise((_, reject) => setTimeout(() => reject(new Error(`instance on port ${port} not ready after 90 s:\n${instance.output.slice(-4000)}`)), 90_000).unref());
      await Promise.race([ready, timer]);
      log?.(`instance on 127.0.0.1:${port} ready`);
    },
    /** Sends `signal` (SIGTERM: a graceful stop); resolves to the exit code once it has exited. */
    async stop(signal = 'SIGTERM') {
      if (!instance.child) return undefined;
      return kill(instance.child, signal);
    },
  };
  return instance;
}

/** The whole stack (see the header). Stops what it started when any part fails to start. */
export async function startScaleStack({ instances = 2, env = {}, root = process.cwd(), log } = {}) {
  const missing = missingBinaries();
  if (missing.length) throw new Error(`The scale stack needs ${missing.join(', ')}. .ci/run installs them.`);
  const dir = mkdtempSync(path.join(tmpdir(), 'need-spot-scale-'));
  // As root, PostgreSQL runs as the postgres user, which must reach its directory inside this one.
  if (asRoot) chmodSync(dir, 0o755);
  const parts = { postgres: undefined, redis: undefined, s3: undefined, nginx: undefined, instances: [] };
  let stopped = false;
  async function stop() {
    if (stopped) return;
    stopped = true;
    await parts.nginx?.stop().catch(() => {});
    await Promise.all(parts.instances.map((instance) => instance.stop('SIGTERM').catch(() => {})));
    await parts.redis?.stop().catch(() => {});
    await parts.s3?.stop().catch(() => {});
    parts.postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  try {
    parts.postgres = await startPostgres(dir);
    log?.(`PostgreSQL on 127.0.0.1:${parts.postgres.port}`);
    parts.redis = await startRedis();
    log?.(`Redis on 127.0.0.1:${parts.redis.port}`);
    parts.s3 = await startS3(dir);
    log?.(`s3rver on 127.0.0.1:${parts.s3.port}`);
    const databaseUrl = `${parts.postgres.url}/postgres`;
    const shared = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      REDIS_URL: parts.redis.url,
      S3_URL: parts.s3.url,
      // The same on every instance: a token signed by one is checked by the others.
      JWT_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: '127.0.0.1', // nginx, as the README's example names it
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    };
    for (let i = 0; i < instances; i++) {
      const dataDir = path.join(dir, `instance-${i + 1}`);
      mkdirSync(dataDir);
      parts.instances.push(serverInstance(root, { ...shared, DATA_DIR: dataDir }, await freePort(), log));
    }
    // The first alone: it builds the bundle when stale and applies the migrations.
    await parts.instances[0].start();
    await Promise.all(parts.instances.slice(1).map((instance) => instance.start()));
    parts.nginx = await startNginx(root, dir, parts.instances.map((instance) => `127.0.0.1:${instance.port}`));
    log?.(`nginx on 127.0.0.1:${parts.nginx.port}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: parts.nginx.url,
    dir,
    databaseUrl: `${parts.postgres.url}/postgres`,
    redisUrl: parts.redis.url,
    s3Url: parts.s3.url,
    instances: parts.instances,
    accessLog: parts.nginx.accessLog,
    nginxErrorLog: parts.nginx.errorLog,
    stop,
  };
}
