/**
 * HTTP clients of the reliability suites: requests over keep-alive agents that say how a request
 * failed when it got no answer, a retry loop that sends the same request until it is answered (as a
 * client of a crashed or restarting server must), and accounts registered and signed in.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { newRegistration } from '../fixtures.js';
import { multipart } from '../multipart.js';

export { sleep };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, each caller reads the fields it knows
export interface Answer { status: number; headers: http.IncomingHttpHeaders; body: Buffer; json: () => any }

/**
 * Why a request got no answer:
 * - `refused`: no connection (nothing listens: the server is down or restarting). The request was
 *   never sent. A connect that fails with a reset counts too (`syscall` 'connect'): the listener
 *   closed while the handshake was under way, and Node writes a request only once connected.
 * - `closed-keepalive`: sent on a kept-alive connection that was reused, and the connection closed
 *   before any byte of an answer came. HTTP/1.1 lets a server close an idle persistent connection
 *   at any moment, and a client's next request can cross that close on the wire (RFC 9112 §9.3.1
 *   and §9.6: clients must be ready to retry then; Node's documentation of `request.reusedSocket`
 *   gives exactly this retry). The server never read that request.
 * - `dropped`: anything else: the connection was new, or an answer had begun. A request the server
 *   may have received and never answered.
 */
export type Failure = 'refused' | 'closed-keepalive' | 'dropped';

export class NoAnswer extends Error {
  constructor(readonly failure: Failure, readonly code: string | undefined, message: string) {
    super(message);
  }
}

export interface RequestOptions {
  agent: http.Agent | false;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a Buffer as it is (set its content-type in `headers`). */
  body?: Buffer | object;
  /** Gives up (a `dropped` NoAnswer) after this long without an answer; none by default. */
  timeoutMs?: number;
}

/** One request; resolves to its answer, or rejects with a NoAnswer that says why there was none. */
export function request(base: string, method: string, path: string, { agent, headers = {}, body, timeoutMs }: RequestOptions): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  const allHeaders = { ...(payload && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}), ...headers };
  const target = new URL(path, base);
  return new Promise((resolve, reject) => {
    let answered = false;
    const sent = http.request({ method, host: target.hostname, port: target.port, path: target.pathname + target.search, headers: allHeaders, agent }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: response.statusCode!, headers: response.headers, body: bytes, json: () => JSON.parse(bytes.toString()) });
      });
      // An answer cut off after its status line came: the request was answered, its body lost.
      response.on('error', (error) => reject(new NoAnswer('dropped', (error as NodeJS.ErrnoException).code, `answer cut off: ${error.message}`)));
    });
    if (timeoutMs) sent.setTimeout(timeoutMs, () => sent.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'TIMEOUT' })));
    sent.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code;
      const failure: Failure = code === 'ECONNREFUSED' || error.syscall === 'connect' ? 'refused'
        : !answered && sent.reusedSocket && (code === 'ECONNRESET' || code === 'EPIPE') ? 'closed-keepalive'
          : 'dropped';
      reject(new NoAnswer(failure, code, `${method} ${path}: ${error.message}`));
    });
    sent.end(payload);
  });
}

export interface Outcome {
  answer: Answer;
  /** The failed tries before the answer, by kind. */
  failures: Failure[];
  /** How many answers asked to wait (409: the same Idempotency-Key still being processed). */
  inProgress: number;
}

/** A request that was never answered within the bounds of `untilAnswered`: a hang, reported as such. */
export class GaveUp extends Error {
  constructor(message: string, readonly failures: Failure[], readonly inProgress: number) {
    super(message);
  }
}

const IN_PROGRESS = /still being processed/;

/**
 * Sends a request until it is answered: after a failure it waits `delayMs` and sends it again, the
 * same (so a create carries the same Idempotency-Key and content). A 409 that says the key's first
 * request is still being processed is not the answer either: it is asked again, later, for at most
 * `inProgressMs` (a live first request finishes in milliseconds; one that died with its process
 * must not hold its key). Throws GaveUp after `giveUpMs` without an answer, or `inProgressMs` of
 * 409s: a server that never answers is a hang, which the suites report rather than wait out.
 */
export async function untilAnswered(send: () => Promise<Answer>, { delayMs = 25, giveUpMs = 30_000, inProgressMs = 5_000 } = {}): Promise<Outcome> {
  const started = Date.now();
  let firstInProgress: number | undefined;
  const failures: Failure[] = [];
  let inProgress = 0;
  for (;;) {
    try {
      const answer = await send();
      if (answer.status !== 409 || !IN_PROGRESS.test(answer.body.toString())) return { answer, failures, inProgress };
      inProgress += 1;
      firstInProgress ??= Date.now();
      if (Date.now() - firstInProgress > inProgressMs) {
        throw new GaveUp(`still 409 "still being processed" ${inProgressMs} ms after the first (${inProgress} times, after ${failures.length} failed tries)`, failures, inProgress);
      }
      await sleep(delayMs * 4);
    } catch (error) {
      if (!(error instanceof NoAnswer)) throw error;
      failures.push(error.failure);
      if (Date.now() - started > giveUpMs) throw new GaveUp(`no answer after ${giveUpMs} ms: ${failures.length} tries, the last ${error.failure} (${error.code}): ${error.message}`, failures, inProgress);
      await sleep(delayMs);
    }
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface Member { id: string; username: string; token: string }

/** Registers a new member and signs in: the id, username and token (valid across restarts with a fixed JWT_SECRET). */
export async function signUp(base: string, agent: http.Agent | false = false): Promise<Member> {
  const body = newRegistration();
  const registered = await request(base, 'POST', '/api/register', { agent, body });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.body}`);
  const login = await request(base, 'POST', '/api/login', { agent, body: { username: body.username, password: body.password } });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.body}`);
  return { id: registered.json().data._id as string, username: body.username, token: login.json().token as string };
}

/** A need as the SPA's form sends it (multipart), its service name `name` (unique per write: rows are counted by it). */
export async function needForm(name: string) {
  return multipart({
    type: 'need',
    category: 'Transport',
    serviceName: name,
    description: 'Two of us, any day this week.',
    phone: '+919876543210',
    email: 'rider@example.com',
    address: 'Old Manali Road',
    city: 'Manali',
    state: 'Himachal Pradesh',
    postalCode: '175131',
    latitude: '32.2526',
    longitude: '77.1746',
  });
}

/** A whisper as the SPA's form sends it (multipart, no image). */
export function whisperForm(title: string) {
  return multipart({ title, location: 'Chapora, Goa', category: 'Hidden Gem', description: 'Climb up before sunset.' });
}

/** Polls GET /api/ready on fresh connections until it answers 200; resolves to when (performance.now()). */
export async function firstReady(base: string, { everyMs = 10, giveUpMs = 60_000 } = {}): Promise<number> {
  const until = Date.now() + giveUpMs;
  for (;;) {
    const answer = await request(base, 'GET', '/api/ready', { agent: false, timeoutMs: 5_000 }).catch(() => undefined);
    if (answer?.status === 200) return performance.now();
    if (Date.now() > until) throw new Error(`/api/ready not 200 after ${giveUpMs} ms`);
    await sleep(everyMs);
  }
}
