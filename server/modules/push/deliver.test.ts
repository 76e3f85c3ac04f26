import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { deliver } from './deliver.js';

// A push service that answers its status line at once, then trickles a byte of body every 100 ms
// and never ends: the socket is never idle, so only a deadline on the whole exchange stops it.
let server: http.Server;
let origin: string;
beforeAll(async () => {
  server = http.createServer((_request, response) => {
    response.writeHead(201, { 'content-type': 'text/plain' });
    const drip = setInterval(() => response.write('.'), 100);
    response.on('close', () => clearInterval(drip));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it('gives up on a push service that keeps trickling an answer, at its deadline (not only when the socket idles)', async () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const device = { endpoint: `${origin}/push/slow`, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@example.org' };
  const started = Date.now();
  await expect(deliver(device, { title: 't', body: 'b', link: '/', tag: 't' }, { vapid, allowLoopbackHttp: true, ttlSeconds: 60, timeoutMs: 500 }))
    .rejects.toThrow('the push service did not answer within 500 ms');
  // Well before the trickle would ever end (never); the bound is loose for a loaded machine.
  expect(Date.now() - started).toBeLessThan(5_000);
});
