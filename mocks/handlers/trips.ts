import { http, HttpResponse } from 'msw';
import { companionMatchingOff, tripsAnswers } from '../fixtures/trips';

const hasBearer = (request: Request) => /^Bearer \S+/.test(request.headers.get('Authorization') ?? '');

// The companion switch answers for what was asked: turned on, or off (the server words each).
export const companionMatchingHandler = http.put(tripsAnswers.setCompanionMatching.path, async ({ request }) => {
  if (!hasBearer(request)) return HttpResponse.json(tripsAnswers.setCompanionMatching.errors.unauthorized.body, { status: 401 });
  const body: unknown = await request.json().catch(() => ({}));
  const enabled = typeof body === 'object' && body !== null && (body as { enabled?: unknown }).enabled === true;
  return HttpResponse.json(enabled ? tripsAnswers.setCompanionMatching.ok : companionMatchingOff);
});
