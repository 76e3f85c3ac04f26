import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, notFound, unauthorized } from '../lib/http-error.js';
import { resolveToken, type AuthSession, type AuthUser } from '../lib/sessions.js';

/**
 * Who may call a route; every route declares one in `config.access`, and this plugin enforces it
 * before the body is read (an anonymous caller never gets a body parsed):
 * - 'public': anyone; on /api a valid bearer token still identifies the caller (request.user).
 * - 'signed-in': a live session's bearer token, else 401.
 * - { self: param }: signed in, and `params[param]` is the caller's own id, else 403.
 * - { owner: param }: signed in; the handler answers 403/404 unless the resource `params[param]` is the caller's.
 * - 'moderator': signed in with the moderator role; anyone else (a visitor, a bad token, a member)
 *   gets 404 `{ status: false, message: 'Not found' }`, as for a route that does not exist.
 */
export type Access = 'public' | 'signed-in' | 'moderator' | { self: string } | { owner: string };

export interface RouteEntry {
  method: string;
  url: string;
  access?: Access;
  schema?: FastifySchema;
  /** false for answers that must never be compressed (plugins/compression.ts). */
  compress?: unknown;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The caller, set for routes that are not public (and on public /api routes when a valid token is sent). */
    user: AuthUser | null;
    session: AuthSession | null;
  }
  interface FastifyInstance {
    /** Every route registered, with its access class: what the security suite walks. */
    routeTable: RouteEntry[];
  }
}

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S{1,4096})\s*$/i);
  return match?.[1];
}

/** The signed-in caller of a route that is not public (typed, instead of `request.user!`). */
export function callerOf(request: FastifyRequest): { user: AuthUser; session: AuthSession } {
  if (!request.user || !request.session) throw unauthorized();
  return { user: request.user, session: request.session };
}

const isApiRoute = (url: string) => url === '/api' || url.startsWith('/api/');

async function auth(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);

  async function identify(request: FastifyRequest): Promise<boolean> {
    const token = bearerToken(request.headers.authorization);
    if (!token) return false;
    const found = await resolveToken(app.db, app.config.jwtSecret!, token);
    if (!found) return false;
    request.user = found.user;
    request.session = found.session;
    return true;
  }

  // The access class is read from the matched route at request time (never from the URL text), so
  // a route reached through an escaped path (/%61pi/...) is guarded like any other.
  async function enforce(request: FastifyRequest) {
    const { access, url } = request.routeOptions.config;
    if (access === 'public') {
      if (url && isApiRoute(url)) await identify(request);
      return;
    }
    if (!access) throw forbidden(); // unreachable: onReady refuses such routes
    if (access === 'moderator') {
      // Not even a 401: the routes do not reveal themselves to anyone who may not use them.
      if (!(await identify(request)) || request.user!.role !== 'moderator') throw notFound('Not found', { status: false });
      return;
    }
    if (!(await identify(request))) throw unauthorized();
    if (typeof access === 'object' && 'self' in access) {
      const value = (request.params as Record<string, unknown> | undefined)?.[access.self];
      if (typeof value !== 'string' || value.toLowerCase() !== request.user!.id.toLowerCase()) throw forbidden();
    }
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      table.push({ method, url: route.url, schema: route.schema, compress: route.compress, get access() { return route.config?.access; } });
    }
    // preParsing: after the per-address rate limit (onRequest), before the body is read.
    route.preParsing = [enforce, ...[route.preParsing ?? []].flat()];
  });

  app.addHook('onReady', async () => {
    // Fastify adds a HEAD route for every GET, sharing its options: the GET stands for both.
    const gets = new Set(table.filter((route) => route.method === 'GET').map((route) => route.url));
    table.splice(0, table.length, ...table.filter((route) => route.method !== 'HEAD' || !gets.has(route.url)));
    const undeclared = table.filter((route) => !route.access).map((route) => `${route.method} ${route.url}`);
    if (undeclared.length > 0) throw new Error(`Routes without an access class (config.access): ${undeclared.join(', ')}`);
  });
}

export default fp(auth, { name: 'auth', fastify: '5.x' });
