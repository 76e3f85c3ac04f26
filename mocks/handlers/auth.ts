import { http, HttpResponse } from 'msw';
import { authAnswers } from '../fixtures/auth';
import { deactivatedCredentials, demoCredentials } from '../fixtures/users';

const readBody = async (request: Request): Promise<Record<string, unknown>> => {
  const body: unknown = await request.json().catch(() => ({}));
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
};

const reply = ({ status, body }: { status: number; body: object }) => HttpResponse.json(body, { status });

// The demo accounts log in (`npm run dev:mock`); any other pair is refused, as the server would.
export const loginHandler = http.post(authAnswers.login.path, async ({ request }) => {
  const { username, password } = await readBody(request);
  const name = String(username ?? '').trim().toLowerCase();
  if (name === demoCredentials.username && password === demoCredentials.password) return HttpResponse.json(authAnswers.login.ok);
  if (name === deactivatedCredentials.username && password === deactivatedCredentials.password) {
    return reply(authAnswers.login.errors.deactivated);
  }
  return reply(authAnswers.login.errors.invalid);
});
