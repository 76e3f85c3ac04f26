import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isAtSea, nominatimNoAddress, nominatimReverse, nominatimSearchFor } from './fixtures/geo';

// The one Nominatim stand-in, for the server's tests and the browser tests (e2e/global-setup.ts),
// serving the fixtures the SPA's MSW handlers are built from (mocks/fixtures/geo.ts).
const bodies = {
  reverse: JSON.stringify(nominatimReverse),
  unknown: JSON.stringify(nominatimNoAddress),
};

export interface StubRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  at: number;
}

function bodyFor(url: URL): string | undefined {
  if (url.pathname === '/search') return JSON.stringify(nominatimSearchFor(url.searchParams.get('q') ?? ''));
  if (url.pathname !== '/reverse') return undefined;
  const lat = Number(url.searchParams.get('lat'));
  const lon = Number(url.searchParams.get('lon'));
  return isAtSea(lat, lon) ? bodies.unknown : bodies.reverse;
}

/**
 * Listens on 127.0.0.1 (port 0): /reverse (the sea near 0, 0 has no address, as in Nominatim) and
 * /search. `mode` makes it fail: 'error' answers 503, 'hang' never answers. `requests` records
 * what it was asked.
 */
export async function startNominatimStub() {
  const requests: StubRequest[] = [];
  const stub = { mode: 'ok' as 'ok' | 'error' | 'hang', requests, url: '', close: async () => {} };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers, at: Date.now() });
    if (stub.mode === 'hang') return;
    if (stub.mode === 'error') return res.writeHead(503).end('overloaded');
    const body = bodyFor(url);
    if (body === undefined) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stub;
}
