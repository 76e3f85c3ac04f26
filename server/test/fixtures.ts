import { randomBytes, randomInt } from 'node:crypto';
import type { App } from '../app.js';

/** A unique, valid registration body; override any field. */
export function newRegistration(overrides: Record<string, unknown> = {}) {
  const id = randomBytes(5).toString('hex');
  return {
    firstName: 'Asha',
    lastName: 'Rao',
    username: `user_${id}`,
    email: `user_${id}@example.com`,
    contactNumber: `+91${randomInt(6_000_000_000, 9_999_999_999)}`,
    // Not on the common-passwords list the server refuses.
    password: 'trail-Mix-42',
    confirmPassword: 'trail-Mix-42',
    ...overrides,
  };
}

/** A random client address, so tests that lower per-address limits do not meet each other's counts. */
export const randomIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export async function register(app: App, overrides: Record<string, unknown> = {}, remoteAddress = randomIp()) {
  const body = newRegistration(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/register', payload: body, remoteAddress });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { body, user: response.json().data as { _id: string; username: string } };
}

export function login(app: App, username: string, password: string, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });
}

/** Registers a fresh user and logs in: its id, token and credentials. */
export async function signUp(app: App, overrides: Record<string, unknown> = {}) {
  const { body, user } = await register(app, overrides);
  const response = await login(app, body.username, body.password);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return { id: user._id, token: response.json().token as string, body };
}

export type Account = Awaited<ReturnType<typeof signUp>>;

/**
 * An account signed up before the file's tests, once `t` is built (call it after useTestApp). The
 * object is filled in by beforeAll: read its fields in tests and later hooks.
 */
export function useAccount(t: { app: App }, overrides: Record<string, unknown> = {}): Account {
  const account = {} as Account;
  beforeAll(async () => {
    Object.assign(account, await signUp(t.app, overrides));
  }, 60_000);
  return account;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
