import { http, HttpResponse } from 'msw';
import {
  deactivatedCredentials,
  demoCredentials,
  demoToken,
  demoUser,
  takenRegistration,
} from '../fixtures/users';

type Body = Record<string, unknown>;
const readBody = async (request: Request): Promise<Body> => {
  try {
    const body: unknown = await request.json();
    return typeof body === 'object' && body !== null ? (body as Body) : {};
  } catch {
    return {};
  }
};
const lower = (value: unknown) => String(value ?? '').trim().toLowerCase();

export const authHandlers = [
  http.post('*/api/login', async ({ request }) => {
    const { username, password } = await readBody(request);
    if (lower(username) === demoCredentials.username && password === demoCredentials.password) {
      return HttpResponse.json({ message: 'User logged in successfully', user: demoUser, token: demoToken });
    }
    if (lower(username) === deactivatedCredentials.username && password === deactivatedCredentials.password) {
      return HttpResponse.json(
        { message: 'Your account has been deactivated. Please contact support.' },
        { status: 403 },
      );
    }
    return HttpResponse.json({ message: 'Invalid username or password' }, { status: 401 });
  }),

  http.post('*/api/register', async ({ request }) => {
    const body = await readBody(request);
    const sameUsername = lower(body.username) === takenRegistration.username;
    const sameEmail = lower(body.email) === takenRegistration.email;
    const conflict =
      (sameUsername && sameEmail && 'User already exists') ||
      (sameEmail && 'Email already in use') ||
      (sameUsername && 'Username already taken') ||
      (String(body.contactNumber) === takenRegistration.contactNumber && 'Contact number already used');
    if (conflict) return HttpResponse.json({ message: conflict }, { status: 409 });

    const user = {
      ...demoUser,
      _id: crypto.randomUUID(),
      firstName: String(body.firstName),
      lastName: String(body.lastName),
      username: String(body.username),
      email: String(body.email),
      phone: String(body.contactNumber),
      contactNumber: String(body.contactNumber),
      tokens: 0,
      bio: '',
      location: '',
      gender: '',
    };
    return HttpResponse.json({ message: 'User registered successfully', data: user }, { status: 201 });
  }),

  http.post('*/api/logout', ({ request }) =>
    request.headers.get('Authorization')
      ? HttpResponse.json({ message: 'Logged out successfully' })
      : HttpResponse.json({ message: 'Unauthorized' }, { status: 401 }),
  ),
];
