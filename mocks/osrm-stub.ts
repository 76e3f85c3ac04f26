import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { osrmRouteAnswer, parseRoutePath } from './fixtures/osrm';

export interface OsrmRequest {
  profile: string;
  waypoints: Array<[number, number]>;
  at: number;
}

/** A 256-pixel tile: a plain colour with a grid line on two edges, so the tiles show where they meet. */
const tile = (background: string, line: string) => sharp(Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="${background}"/>`
  + `<path d="M0 0H256M0 0V256" stroke="${line}" stroke-width="2"/></svg>`,
)).png().toBuffer();

/**
 * An OSRM stand-in for the browser tests (e2e/global-setup.ts): GET /route/v1/{profile}/{coords}
 * answers a straight route (mocks/fixtures/osrm.ts), with CORS, as the browser calls OSRM directly.
 * `/requests` answers what it was asked (the tests count re-routes); `mode` 'error' answers 500.
 * It also draws the map's tiles (/tiles/..., /satellite/...): no tile server is reachable either.
 */
export async function startOsrmStub() {
  const tiles = { map: await tile('#f2efe9', '#d9d3c7'), satellite: await tile('#3d5a3a', '#2c4229') };
  const requests: OsrmRequest[] = [];
  const stub = { mode: 'ok' as 'ok' | 'error', requests, url: '', close: async () => {} };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*' };
    if (/^\/(tiles|satellite)\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
      // With CORS, as OpenStreetMap's and Esri's tile servers answer: the map asks with crossOrigin.
      return res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600', 'access-control-allow-origin': '*' })
        .end(url.pathname.startsWith('/tiles') ? tiles.map : tiles.satellite);
    }
    if (url.pathname === '/requests') return res.writeHead(200, headers).end(JSON.stringify(requests));
    if (url.pathname === '/reset') {
      requests.length = 0;
      return res.writeHead(200, headers).end('{}');
    }
    const parsed = parseRoutePath(url.pathname);
    if (!parsed) return res.writeHead(400, headers).end(JSON.stringify({ code: 'InvalidUrl', message: 'URL string malformed' }));
    requests.push({ profile: parsed[0], waypoints: parsed[1], at: Date.now() });
    if (stub.mode === 'error') return res.writeHead(500, headers).end(JSON.stringify({ code: 'Error' }));
    return res.writeHead(200, headers).end(JSON.stringify(osrmRouteAnswer(...parsed)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return stub;
}
