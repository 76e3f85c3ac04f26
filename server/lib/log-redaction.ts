import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * What a log line may hold of an error: drizzle's query errors carry the bound parameters
 * (password hashes, code hashes, addresses), so only the statement and its cause are kept.
 */
export function loggable(error: unknown): unknown {
  if (error && typeof error === 'object' && 'query' in error && 'params' in error) {
    const { query, cause } = error as { query: string; cause?: unknown };
    return { message: 'Database query failed', query, cause };
  }
  return error;
}

/** A query parameter whose value is a secret: an e-mail's unsubscribe link (`/unsubscribe?token=…`, its API routes). */
const SECRET_QUERY = /([?&]token=)[^&#]*/gi;

/** A URL as the log may hold it: the value of each `token` parameter replaced. */
export const loggableUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

/**
 * Fastify's request serializer (the `req` of "incoming request" lines), the same fields, with the
 * URL's secrets redacted. An e-mail's unsubscribe link opens the SPA's page `/unsubscribe?token=…`,
 * which the not-found handler serves as it serves every client-side route: a route's `logLevel`
 * cannot quieten that one page, so the token is cut from the line instead.
 */
export function requestLogValue(request: FastifyRequest) {
  const version = request.headers['accept-version'];
  return {
    method: request.method,
    url: loggableUrl(request.url),
    version: Array.isArray(version) ? version.join(', ') : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fastify's `logger` option with `requestLogValue` as its request serializer, whoever made the options. */
export function redactingRequests(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: requestLogValue } };
}
