import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../bench/free-port.mjs';
import { startFlags } from '../bench/start-flags.mjs';
import { startNominatimStub } from '../mocks/nominatim-stub';
import { startOsrmStub } from '../mocks/osrm-stub';

/** The stub's address under another host name: the same server, another origin. */
const tileOrigin = (url: string) => {
  const origin = new URL(url);
  origin.hostname = 'localhost';
  return origin.origin;
};

async function waitUntilUp(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early (code ${server.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer ${url} within ${timeoutMs} ms`);
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (server.exitCode === null) {
    server.kill('SIGKILL');
    await exited;
  }
}

// `npm start` on a fresh DATA_DIR (embedded database, demo seed), as a user would run it.
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return undefined;
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'need-spot-e2e-'));
  // Journeys that use the browser's position never reach the real service.
  const nominatim = await startNominatimStub();
  // The map's routes: the browser asks OSRM directly, here a stub on loopback.
  const osrm = await startOsrmStub();
  // As `npm start` runs it: with the node flags of package.json's start script (they size the heap).
  const start = () => spawn(process.execPath, [...startFlags, 'scripts/start.mjs'], {
    cwd: process.cwd(),
    env: {
      LOG_LEVEL: 'warn',
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NOMINATIM_URL: nominatim.url,
      OSRM_URL: osrm.url,
      // No tile server is reachable: the stub draws plain tiles (a grid, in the colours of a map or of the ground).
      // At another origin than OSRM's (localhost, not 127.0.0.1), as real tile servers are: the
      // service worker's tile fetches must be allowed by the CSP in their own right.
      TILE_URL: `${tileOrigin(osrm.url)}/tiles/{z}/{x}/{y}.png`,
      SATELLITE_TILE_URL: `${tileOrigin(osrm.url)}/satellite/{z}/{y}/{x}.png`,
      MAP_CENTER: '15.4909,73.8278',
      // Every journey registers its travellers from this one address (loopback), more than the 30 an
      // hour a network may make; the limit itself is tested in server/test/hardening-limits.test.ts.
      LIMIT_REGISTRATIONS_PER_HOUR: '500',
      // Every page a journey opens connects a socket from this address, faster than a real network's
      // members would; the allowance itself is tested in server/plugins/realtime.test.ts.
      LIMIT_SOCKET_HANDSHAKES_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  let server = start();
  await waitUntilUp(`${baseUrl}/api/ready`, server, 180_000);
  // A moderator for the moderation journeys, made as an operator would: registered, then given the
  // role from the command line (npm run moderator) while the server is stopped (the embedded
  // database is the running server's alone), and the server started again.
  const moderator = { username: `mod_${Date.now().toString(36)}`, password: 'trail-Mix-42' };
  const registered = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Mona', lastName: 'Moderator', username: moderator.username, email: `${moderator.username}@example.com`,
      contactNumber: `+91${String(Math.floor(1e9 + Math.random() * 9e9))}`, password: moderator.password, confirmPassword: moderator.password,
    }),
  });
  if (registered.status !== 201) throw new Error(`Registering the moderator answered ${registered.status}: ${await registered.text()}`);
  await stop(server);
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/cli/moderator.ts', 'grant', moderator.username], {
    cwd: process.cwd(), env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'inherit', 'inherit'],
  });
  server = start();
  await waitUntilUp(`${baseUrl}/api/ready`, server, 180_000);
  process.env.E2E_MODERATOR = JSON.stringify(moderator);
  process.env.E2E_BASE_URL = baseUrl;
  // Journeys that read mail (the outbox of .eml files) look here.
  process.env.E2E_DATA_DIR = dataDir;
  // The map journeys read what the OSRM stub was asked (GET /requests).
  process.env.E2E_OSRM_URL = osrm.url;

  return async () => {
    await stop(server);
    await nominatim.close();
    await osrm.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
