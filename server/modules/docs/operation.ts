import type { FastifySchema, RouteOptions } from 'fastify';
import type { Access } from '../../plugins/auth.js';
import { ErrorAnswer } from '../../lib/schemas.js';

/**
 * What the generated reference says of one route beyond its TypeBox schemas: its access class
 * (`x-access`, and a bearer `security` requirement), the error answers it can give, and the bodies
 * of the forms that are read by hand (multipart/form-data, so Fastify never sees a body schema).
 * Only the document changes: the route's own schema (validation, serialization) is left as it is.
 */

/** The access class as the reference writes it: 'public', 'signed-in', 'moderator', 'self:userId', 'owner:id'. */
export function accessName(access: Access | undefined): string {
  if (access === undefined) return 'undeclared';
  if (typeof access === 'string') return access;
  return 'self' in access ? `self:${access.self}` : `owner:${access.owner}`;
}

const binary = { type: 'string', contentMediaType: 'application/octet-stream' };
const files = (description: string) => ({ type: 'array', items: binary, description });

/**
 * The forms read by hand (lib/uploads): their file fields, beside the text fields the route's body
 * schema checks once the form is read. A route listed here that also takes JSON says so.
 */
export const FORMS: Record<string, { files: Record<string, object>; json?: boolean }> = {
  'POST /api/:id/upload': { files: { profileImage: { ...binary, description: 'The image (JPEG, PNG or WebP by its bytes; GIF and SVG are refused), at most 5 MiB' } } },
  'PUT /api/edit-profile/:userId': { files: {}, json: true },
  'POST /api/create-skills/:userId/skills': { files: { images: files('Photos of the skill'), portfolioImages: files('Portfolio photos') } },
  'PUT /api/skills/:id': { files: { images: files('Photos added to the skill'), portfolioImages: files('Portfolio photos added') } },
  'POST /api/create-need/:userId': { files: { images: files('Photos of the need') }, json: true },
  'PUT /api/needs/:id': { files: { images: files('Photos added to the need') } },
  'POST /api/whispers': { files: { images: files('Photos of the whisper') } },
  'PUT /api/whispers/:id': { files: { images: files('Photos added to the whisper') } },
  'POST /api/events/:userId': { files: { thumbnail: { ...binary, description: 'The event picture' } } },
  'PUT /api/events/:id': { files: { thumbnail: { ...binary, description: 'A new event picture' } } },
};

/**
 * The routes that store or delete uploads, beside the forms with files: with S3_URL, a bucket that
 * fails or does not answer in time makes them answer 503 (lib/uploads/storage.ts StorageUnavailable).
 */
export const STORAGE_ROUTES = new Set([
  ...Object.entries(FORMS).filter(([, form]) => Object.keys(form.files).length > 0).map(([key]) => key),
  'DELETE /api/needs/:id', 'DELETE /api/events/:id', 'DELETE /api/skills/:id', 'DELETE /api/whispers/:id',
  'DELETE /api/delete-user/:userId',
]);

const ERROR_WORDS: Record<number, string> = {
  400: 'Invalid request: a parameter, the query or the body does not pass the checks',
  401: 'No live session: the bearer token is missing, expired or revoked',
  403: 'Signed in, but this is not the caller\'s own account or record',
  404: 'Not found (for the moderation routes: anyone who is not a moderator)',
  409: 'Conflicts with the current state',
  413: 'Request body or file too large',
  429: 'Too many requests from this address or account; see Retry-After',
  503: 'The database is not available right now (stopped, restarting, or no connection came free in time)',
};
const STORAGE_UNAVAILABLE = 'The database is not available right now, or the image storage (the S3_URL bucket) failed or did not answer in time';

/** The error answers a route can give, from what it declares: its access class, parameters and body. */
export function errorStatuses(access: Access | undefined, schema: FastifySchema | undefined, form: boolean): number[] {
  // 503: every /api route may need the database (a public one too, to read a bearer token sent to it).
  const statuses = new Set<number>([429, 503]);
  const hasParams = Boolean(schema?.params);
  if (hasParams || schema?.querystring || schema?.body || form) statuses.add(400);
  if (schema?.body || form) statuses.add(413);
  if (access === 'moderator') statuses.add(404);
  else if (access !== 'public') statuses.add(401);
  if (typeof access === 'object') statuses.add(403).add(404);
  if (hasParams) statuses.add(404);
  // Whatever else the route declares (a 409, say) stays as declared.
  for (const code of Object.keys((schema?.response as object | undefined) ?? {})) if (Number(code) >= 400) statuses.delete(Number(code));
  return [...statuses].sort();
}

type Schema = FastifySchema & Record<string, unknown>;

/** @fastify/swagger's `transform`: the route's schema as the reference shows it. */
export function describeRoute({ schema, url, route }: { schema: FastifySchema; url: string; route: RouteOptions }): { schema: Schema; url: string } {
  // The reference is of the API: the SPA's files and uploads (plugins/static-files.ts) are not in it.
  if (schema?.hide || !url.startsWith('/api/')) return { schema: { ...(schema as Schema), hide: true }, url };
  const access = route.config?.access;
  const method = [route.method].flat()[0];
  const form = FORMS[`${method} ${url}`];
  const described: Schema = { ...(schema as Schema), 'x-access': accessName(access) };
  // Public /api routes still read a bearer token when one is sent (lists show more to members).
  described.security = access === 'public' ? [{}, { bearer: [] }] : [{ bearer: [] }];
  const errors = errorStatuses(access, schema, Boolean(form));
  const storage = STORAGE_ROUTES.has(`${method} ${url}`);
  const response: Record<string, unknown> = { ...((schema?.response as object | undefined) ?? {}) };
  for (const status of errors) response[status] = { ...ErrorAnswer, description: status === 503 && storage ? STORAGE_UNAVAILABLE : ERROR_WORDS[status] };
  described.response = response;
  if (form) {
    const fields = (schema?.body as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
    described.body = { type: 'object', properties: { ...fields, ...form.files } };
    described.consumes = form.json ? ['multipart/form-data', 'application/json'] : ['multipart/form-data'];
  }
  return { schema: described, url };
}
