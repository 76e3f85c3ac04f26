import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/http-error.js';
import { resolveToken, type AuthSession, type AuthUser } from '../lib/sessions.js';

type AuthHook = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by `app.authenticate` / `app.optionalAuth` / `app.requireSelf`; null when anonymous. */
    user: AuthUser | null;
    session: AuthSession | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 { message: 'Unauthorized' } unless a live session's bearer token is sent. */
    authenticate: AuthHook;
    /** preHandler: sets request.user when a valid token is sent; an absent or invalid one means anonymous. */
    optionalAuth: AuthHook;
    /** preHandler: authenticate, then 403 { message: 'Forbidden' } unless params[param] is the caller's id. */
    requireSelf(param: string): AuthHook;
  }
}

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S{1,4096})\s*$/i);
  return match?.[1];
}

async function auth(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);

  async function identify(request: FastifyRequest): Promise<boolean> {
    const token = bearerToken(request.headers.authorization);
    if (!token) return false;
    const found = await resolveToken(app.db, app.config.jwtSecret!, token);
    if (!found) return false;
    request.user = found.user;
    request.session = found.session;
    return true;
  }

  const authenticate: AuthHook = async (request) => {
    if (!(await identify(request))) throw unauthorized();
  };

  app.decorate('authenticate', authenticate);
  app.decorate('optionalAuth', async (request: FastifyRequest) => {
    await identify(request);
  });
  app.decorate('requireSelf', (param: string): AuthHook => async (request) => {
    await authenticate(request);
    const value = (request.params as Record<string, unknown> | undefined)?.[param];
    if (typeof value !== 'string' || value.toLowerCase() !== request.user!.id.toLowerCase()) throw forbidden();
  });
}

export default fp(auth, { name: 'auth', fastify: '5.x' });
