import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nominatimNoAddress, nominatimReverse, nominatimSearch } from '../../mocks/fixtures/geo';

// The same Nominatim fixtures serve the SPA's MSW handlers and the e2e stub (mocks/fixtures/geo.ts).
const fixtures = {
  search: JSON.stringify(nominatimSearch),
  reverse: JSON.stringify(nominatimReverse),
  unknown: JSON.stringify(nominatimNoAddress),
};

export interface StubRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  at: number;
}

/**
 * A Nominatim stand-in on 127.0.0.1 (port 0) serving the fixtures: /reverse (the sea near 0,0 is
 * unknown) and /search. `mode` makes it fail: 'error' answers 503, 'hang' never answers.
 */
export async function startNominatimStub() {
  const requests: StubRequest[] = [];
  const stub = { mode: 'ok' as 'ok' | 'error' | 'hang', requests, url: '', close: async () => {} };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers, at: Date.now() });
    if (stub.mode === 'hang') return;
    if (stub.mode === 'error') return res.writeHead(503).end('overloaded');
    const unknown = url.pathname === '/reverse' && Math.abs(Number(url.searchParams.get('lat'))) < 1;
    const body = url.pathname === '/search' ? fixtures.search : unknown ? fixtures.unknown : fixtures.reverse;
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return stub;
}
