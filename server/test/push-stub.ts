import { createECDH, createPublicKey, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/**
 * A push service on 127.0.0.1 for tests and browser journeys: it checks each push as a real one
 * would (VAPID, RFC 8292: an ES256 JWT signed by the key `k`, for this origin, not expired, with a
 * contact `sub`), decrypts its aes128gcm body (RFC 8291) with the test subscription's own private
 * key, and keeps what it got. The server reaches it only with PUSH_ALLOW_LOOPBACK_HTTP.
 */

/** A browser's side of a subscription, made here (no browser can reach a real push service in tests). */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface ReceivedPush {
  /** The subscription's endpoint it came to. */
  endpoint: string;
  /** What the stub answered. */
  status: number;
  /** The decrypted body (JSON parsed), when the push was valid. */
  payload?: unknown;
  /** Why the stub refused it (401 or 400), else undefined. */
  problem?: string;
  /** The VAPID JWT's claims and key, as checked. */
  vapid?: { aud: string; exp: number; sub: string; k: string };
  ttl?: string;
}

export interface PushStub {
  origin: string;
  /** A new subscription on this stub: its endpoint and a fresh P-256 key pair and 16-byte auth secret. */
  subscribe(): TestSubscription;
  /** Every push received, valid or not, in order. */
  received: ReceivedPush[];
  /** The valid pushes for one endpoint. */
  deliveredTo(endpoint: string): ReceivedPush[];
  /** What the stub answers valid pushes to this endpoint (default 201), e.g. 404, 410 or 500. */
  answer(endpoint: string, status: number): void;
  /** Resolves once `count` pushes in all have been received (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

const b64json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/** Checks `Authorization: vapid t=<JWT>, k=<key>`; answers the claims, or throws why not. */
export function checkVapid(header: string | undefined, origin: string, now = Date.now()) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no VAPID Authorization header');
  const [, token, k] = match;
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) throw new Error('the VAPID token is not a JWT');
  const header64 = b64json(head);
  if (header64.alg !== 'ES256') throw new Error(`the VAPID token is signed with ${String(header64.alg)}, not ES256`);
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not a P-256 public key');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  const signed = verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('the VAPID signature does not match k');
  const claims = b64json(body);
  if (claims.aud !== origin) throw new Error(`the VAPID aud is ${String(claims.aud)}, not ${origin}`);
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now || claims.exp * 1000 > now + 24 * 3_600_000) throw new Error('the VAPID exp is not within the next 24 hours');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) throw new Error('the VAPID sub is not a mailto: or https: contact');
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub, k };
}

const readBody = (request: IncomingMessage) => new Promise<Buffer>((resolve, reject) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => resolve(Buffer.concat(chunks)));
  request.on('error', reject);
});

export async function startPushStub(): Promise<PushStub> {
  const subscriptions = new Map<string, TestSubscription>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  let waiters: Array<() => void> = [];
  let origin = '';

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const endpoint = `${origin}${request.url ?? ''}`;
      const note = (status: number, extra: Partial<ReceivedPush>) => {
        received.push({ endpoint, status, ttl: request.headers.ttl as string | undefined, ...extra });
        response.writeHead(status, { 'content-type': 'text/plain' }).end();
        const woken = waiters;
        waiters = [];
        woken.forEach((wake) => wake());
      };
      const subscription = subscriptions.get(endpoint);
      if (request.method !== 'POST' || !subscription) return note(404, { problem: 'no such subscription' });
      let vapid;
      try {
        vapid = checkVapid(request.headers.authorization, origin);
      } catch (error) {
        return note(401, { problem: (error as Error).message });
      }
      if (request.headers['content-encoding'] !== 'aes128gcm') return note(400, { vapid, problem: 'the body is not aes128gcm' });
      if (!request.headers.ttl || !/^\d+$/.test(String(request.headers.ttl))) return note(400, { vapid, problem: 'no TTL header' });
      let payload: unknown;
      try {
        payload = JSON.parse(decrypt(body, { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: subscription.authSecret }).toString('utf8'));
      } catch (error) {
        return note(400, { vapid, problem: `the body does not decrypt: ${(error as Error).message}` });
      }
      note(answers.get(endpoint) ?? 201, { vapid, payload });
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const subscription: TestSubscription = {
        endpoint: `${origin}/push/${randomUUID()}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        ecdh,
        authSecret,
      };
      subscriptions.set(subscription.endpoint, subscription);
      return subscription;
    },
    deliveredTo: (endpoint) => received.filter((push) => push.endpoint === endpoint && push.payload !== undefined),
    answer(endpoint, status) {
      answers.set(endpoint, status);
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`the push stub got ${received.length} push(es), not ${count}, within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
