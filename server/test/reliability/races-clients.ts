/**
 * What the races suite (races.test.ts) talks to the server and its database with: HTTP clients on
 * keep-alive agents of their own (two clients of one user are two agents, so two sets of
 * connections), the forms the boards take, and SQL on the database once the requests are done
 * (PostgreSQL through node-postgres; embedded PGlite through pglite-sql.mjs, in a process of its own).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { newRegistration } from '../fixtures.js';
import { multipart, SMALL_PNG } from '../multipart.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes: each check reads the fields it knows
export type Json = any;

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  json: Json;
}

export interface Body {
  /** JSON, sent as such. */
  json?: unknown;
  /** A multipart form: text fields first, then images (each a small PNG) under `imageField`. */
  form?: Record<string, string>;
  images?: number;
  imageField?: string;
}

/** One client (a browser, a phone): its own keep-alive connections to the server. */
export class Client {
  readonly agent: http.Agent;

  constructor(readonly url: string, maxSockets = 64) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  async request(method: string, target: string, { token, headers = {}, ...body }: Body & { token?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
    let payload: Buffer | undefined;
    const sent: Record<string, string> = { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
    if (body.form) {
      const files = Array.from({ length: body.images ?? 0 }, (_, i) => ({ name: body.imageField ?? 'images', bytes: SMALL_PNG, filename: `${i}.png`, type: 'image/png' }));
      const form = await multipart(body.form, files);
      payload = form.payload;
      Object.assign(sent, form.headers);
    } else if (body.json !== undefined) {
      payload = Buffer.from(JSON.stringify(body.json));
      sent['content-type'] = 'application/json';
    }
    const url = new URL(target, this.url);
    return new Promise((resolve, reject) => {
      const request = http.request({ method, host: url.hostname, port: url.port, path: url.pathname + url.search, headers: sent, agent: this.agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let json: Json;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = { unparsed: text.slice(0, 200) };
          }
          resolve({ status: response.statusCode!, headers: response.headers, json });
        });
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(payload);
    });
  }

  close() {
    this.agent.destroy();
  }
}

/** Runs `tasks`, at most `limit` at a time, in their order; resolves to their results in that order. */
export async function inPool<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

export interface Member {
  id: string;
  username: string;
  email: string;
  /** The session of the member's first client. */
  token: string;
}

/** Registers and signs in a new member (the registration's own answer carries no token). */
export async function signUp(client: Client, overrides: Record<string, unknown> = {}): Promise<Member> {
  const body = newRegistration(overrides);
  const registered = await client.request('POST', '/api/register', { json: body });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.json)}`);
  return { id: registered.json.data._id, username: body.username, email: body.email, token: await logIn(client, body.username) };
}

/** A further session of a member (another device): its token. */
export async function logIn(client: Client, username: string): Promise<string> {
  const login = await client.request('POST', '/api/login', { json: { username, password: newRegistration().password } });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.json)}`);
  return login.json.token;
}

const DAY_MS = 86_400_000;
/** The UTC day `n` days from now, YYYY-MM-DD. */
export const day = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

/** A valid need form (multipart, so it may carry images), its service name `name`. */
export const needForm = (name: string) => ({
  type: 'need', category: 'Transport', serviceName: name, description: 'Two of us, any day this week.', phone: '+919876543210',
  email: 'rider@example.com', address: 'Old Manali Road', city: 'Manali', state: 'Himachal Pradesh', postalCode: '175131', latitude: '32.2526', longitude: '77.1746',
});
/** Spec §7's JSON body of the same need. */
export const needJson = (name: string) => {
  const { phone, email, address, city, state, postalCode, latitude, longitude, ...rest } = needForm(name);
  return { ...rest, contactDetails: { phone, email }, location: { address, city, state, postalCode, coordinates: { latitude: Number(latitude), longitude: Number(longitude) } } };
};
export const whisperForm = (title: string, description = 'Climb up before sunset.') => ({ title, location: 'Chapora, Goa', category: 'Hidden Gem', description });
export const eventForm = (title: string) => ({
  title, description: 'Mats provided. All levels welcome.', address: 'Triveni Ghat, Rishikesh', latitude: '30.1036', longitude: '78.2986', startDate: day(10), endDate: day(11),
});
export const skillForm = (title: string) => ({
  title, description: 'Sturdy bunks for hostels.', category: 'Carpenter', customCategory: '', contact: '+919845012345', email: 'meera@example.com', address: 'Anjuna, Goa',
});
export const tripBody = (from: string) => ({ from, to: 'Panaji, Goa', startDate: day(10), endDate: day(14), peopleCount: 2, budget: 25000 });

/** A word no post has by chance: letters only (the search's dictionary leaves digits out). */
export const uniqueWord = () => `zq${randomBytes(6).toString('hex').replace(/\d/g, (d) => 'ghijklmnop'[Number(d)])}`;

/** Runs statements on the database after the run: each resolves to its rows. */
export interface Sql {
  query<T = Json>(statements: string[]): Promise<T[][]>;
}

/** SQL on a PostgreSQL database (the server may still run). */
export function postgresSql(url: string): Sql {
  return {
    async query(statements) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const results = [];
        for (const statement of statements) results.push((await client.query(statement)).rows);
        return results;
      } finally {
        await client.end();
      }
    },
  };
}

/** SQL on a stopped server's embedded PGlite in `dataDir` (its lock is free once the server exited). */
export function pgliteSql(dataDir: string): Sql {
  return {
    query: (statements) => new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(__dirname, 'pglite-sql.mjs'), dataDir], { stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (err += chunk));
      child.on('error', reject);
      child.on('exit', (code) => {
        if (code !== 0) reject(new Error(`pglite-sql exited ${code}: ${err}`));
        else resolve(JSON.parse(out));
      });
      child.stdin.end(JSON.stringify(statements));
    }),
  };
}
