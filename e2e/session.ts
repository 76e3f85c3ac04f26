import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { uniqueUser, type TestUser } from './helpers';

type StorageState = { cookies: []; origins: { origin: string; localStorage: { name: string; value: string }[] }[] };

/** The server's address: global-setup sets it after the config (and its `use.baseURL`) was read. */
export const api = (path: string) => new URL(path, process.env.E2E_BASE_URL).href;

/** Registers through the API, as the registration form would. */
export async function registerViaApi(request: APIRequestContext, user: TestUser) {
  const { password, ...rest } = user;
  const response = await request.post(api('/api/register'), { data: { ...rest, password, confirmPassword: password } });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Signs in through POST /api/login and returns the storage state the SPA would have written after a
 * login (localStorage 'userData' with the token, and 'token'), so a journey starts signed in without
 * the login screen's 3 to 5 s redirect. Only the login journeys themselves use the form.
 */
export async function sessionState(request: APIRequestContext, user: Pick<TestUser, 'username' | 'password'>): Promise<StorageState> {
  const response = await request.post(api('/api/login'), { data: { username: user.username, password: user.password } });
  expect(response.status(), await response.text()).toBe(200);
  const { user: answered, token } = (await response.json()) as { user: Record<string, unknown>; token: string };
  return {
    cookies: [],
    origins: [{
      origin: new URL(api('/')).origin,
      localStorage: [
        { name: 'userData', value: JSON.stringify({ ...answered, token }) },
        { name: 'token', value: token },
      ],
    }],
  };
}

const stored = (state: StorageState, name: string) => state.origins[0].localStorage.find((item) => item.name === name)?.value ?? '';

/** The bearer token of a stored session (`sessionState`). */
export const storedToken = (state: StorageState) => stored(state, 'token');

/** The user id of a stored session (`sessionState`). */
export const storedUserId = (state: StorageState) => (JSON.parse(stored(state, 'userData') || '{}') as { _id?: string })._id ?? '';

/**
 * Journeys get a fresh account (`account`, registered through the API); with
 * `test.use({ signedIn: true })` their page also starts with that account's stored session.
 */
export const test = base.extend<{ signedIn: boolean; account: TestUser }>({
  signedIn: [false, { option: true }],
  account: async ({ request }, use) => {
    const user = uniqueUser();
    await registerViaApi(request, user);
    await use(user);
  },
  storageState: async ({ signedIn, storageState, account, request }, use) => {
    await use(signedIn ? await sessionState(request, account) : storageState);
  },
});

export { expect };
