// What the benches that go through the API share (bench/scale.mjs, bench/soak.mjs): a JSON call that
// throws on a non-2xx answer, a member registered and signed in, and spec §7's need.
import { randomBytes, randomInt } from 'node:crypto';

/** `method path` on `base` with an optional bearer token and JSON body (or a FormData `form`); the parsed answer. */
export async function call(base, method, path, { token, body, form, headers = {} } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body ? JSON.stringify(body) : form,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** A new account, registered and signed in through `base` (usernames `<prefix>_<random>`): its id and token. */
export async function signUp(base, prefix = 'bench') {
  const username = `${prefix}_${randomBytes(5).toString('hex')}`;
  const password = 'trail-Mix-42';
  const registered = await call(base, 'POST', '/api/register', {
    body: {
      firstName: 'Asha', lastName: 'Rao', username, email: `${username}@example.com`,
      contactNumber: `+91${randomInt(6_000_000_000, 9_999_999_999)}`, password, confirmPassword: password,
    },
  });
  const login = await call(base, 'POST', '/api/login', { body: { username, password } });
  return { id: registered.data._id, token: login.token };
}

/** A need as spec §7's JSON create sends it. */
export const NEED = {
  type: 'need',
  category: 'Transport',
  serviceName: 'Ride from Manali to Kasol',
  description: 'Two of us, any day this week.\nWill share fuel.',
  contactDetails: { phone: '+919876543210', email: 'rider@example.com' },
  location: { address: 'Old Manali Road', city: 'Manali', state: 'Himachal Pradesh', postalCode: '175131', coordinates: { latitude: 32.2526, longitude: 77.1746 } },
};
