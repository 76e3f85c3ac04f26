import { http, HttpResponse, type HttpHandler } from 'msw';
import type { RouteAnswers } from '../fixtures/route-answers';
import { hold } from '../hold';

const hasBearer = (request: Request) => /^Bearer \S+/.test(request.headers.get('Authorization') ?? '');

/** The route's `ok` answer (or its file); 401 without a bearer token on a signed-in route. */
export function answerOk(route: RouteAnswers, ok: object = route.ok): HttpHandler {
  return http[route.method](route.path, ({ request }) => {
    if (route.signedIn && !hasBearer(request)) return HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
    if (route.file) return new HttpResponse(route.file.body, { status: route.okStatus ?? 200, headers: { 'Content-Type': route.file.type } });
    return HttpResponse.json(ok, { status: route.okStatus ?? 200 });
  });
}

/** An override for a test of an error path: the route answers with one of its named errors. */
export function answerError<R extends RouteAnswers>(route: R, name: keyof R['errors'] & string): HttpHandler {
  const { status, body } = route.errors[name];
  return http[route.method](route.path, () => HttpResponse.json(body, { status }));
}

/** The named error once, then the default handlers again: a retry after the server asked for more succeeds. */
export function answerErrorOnce<R extends RouteAnswers>(route: R, name: keyof R['errors'] & string): HttpHandler {
  const { status, body } = route.errors[name];
  return http[route.method](route.path, () => HttpResponse.json(body, { status }), { once: true });
}

export { hold } from '../hold';

/**
 * The route's `ok` answer, held until `release()` (`hold`): for a test of what shows while the
 * request is pending. Made before the request, so it can be released whenever.
 */
export function answerHeld(route: RouteAnswers, ok: object = route.ok): { handler: HttpHandler; release: () => void } {
  const { passed, release } = hold();
  const handler = http[route.method](route.path, async () => {
    await passed;
    return HttpResponse.json(ok, { status: route.okStatus ?? 200 });
  });
  return { handler, release };
}
