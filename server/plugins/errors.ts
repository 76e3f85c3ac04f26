import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { databaseUnavailable, pgErrorCode } from '../lib/db-errors.js';
import { HttpError } from '../lib/http-error.js';
import { loggable, loggableUrl } from '../lib/log-redaction.js';
import { StorageUnavailable } from '../lib/uploads/storage.js';
import { validationMessage } from '../lib/validation-message.js';

// Body-parser failures (FST_ERR_CTP_*) are the client's fault: 400, or 413 when too large.
const parserMessages: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Request body is missing'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [400, 'Unsupported content type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Invalid content length'],
};

// @fastify/multipart's errors (modules/uploads), in words for clients; its 406 becomes a plain 400.
const multipartMessages: Record<string, [number, string]> = {
  FST_REQ_FILE_TOO_LARGE: [413, 'File is too large'],
  FST_FILES_LIMIT: [413, 'Too many files'],
  FST_FIELDS_LIMIT: [413, 'Too many fields'],
  FST_PARTS_LIMIT: [413, 'Too many parts'],
  FST_PROTO_VIOLATION: [400, 'Invalid field name'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, 'Request is not multipart/form-data'],
  FST_INVALID_JSON_FIELD_ERROR: [400, 'A form field is not valid JSON'],
  FST_MP_PREMATURE_CLOSE: [400, 'Request body ended early'],
};

/** What every request answers while the database cannot be reached (503), in the words of the storage's 503. */
export const DATABASE_UNAVAILABLE = 'The database is not available right now. Please try again later.';
/** While the database stays unavailable, the log says so again at most this often. */
export const OUTAGE_LOG_INTERVAL_MS = 60_000;
/** A failure this long after the one before it starts a new outage (logged at once). */
const OUTAGE_GAP_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * True when `error` is the database being unavailable (lib/db-errors.ts `databaseUnavailable`):
     * then it has been noted in the log, as one warning without a stack for the whole storm of such
     * failures (every request, socket handshake and background task fails alike while the database
     * is down), repeated once a minute while it lasts with how many failed meanwhile.
     */
    noteDatabaseOutage(error: unknown, where: string): boolean;
  }
}

async function errors(app: FastifyInstance) {
  let outage: { loggedAt: number; lastAt: number; unlogged: number } | undefined;
  app.decorate('noteDatabaseOutage', (error: unknown, where: string) => {
    const reason = databaseUnavailable(error);
    if (reason === undefined) return false;
    const now = Date.now();
    if (!outage || now - outage.lastAt > OUTAGE_GAP_MS) {
      app.log.warn({ reason, where }, 'The database is not available: answering 503 until it is back');
      outage = { loggedAt: now, lastAt: now, unlogged: 0 };
      return true;
    }
    outage.lastAt = now;
    outage.unlogged += 1;
    if (now - outage.loggedAt >= OUTAGE_LOG_INTERVAL_MS) {
      app.log.warn({ reason, where, failures: outage.unlogged }, 'The database is still not available');
      outage.loggedAt = now;
      outage.unlogged = 0;
    }
    return true;
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      // A service the server needs failed (the image bucket): the client gets the 503's words, the log why.
      if (error instanceof StorageUnavailable) request.log.warn({ reason: error.reason }, 'image storage failed');
      return reply.status(error.statusCode).send(error.toJSON());
    }
    // The database is down, restarting or out of connections: the client may try again, the operator
    // reads one warning per outage (not a stack per request).
    if (app.noteDatabaseOutage(error, `${request.method} ${request.routeOptions.url ?? loggableUrl(request.url)}`)) {
      return reply.status(503).send({ message: DATABASE_UNAVAILABLE });
    }
    if (error.validation) {
      return reply.status(400).send({ message: validationMessage(error.validation, error.validationContext) });
    }
    if (typeof error.code === 'string' && error.code.startsWith('FST_ERR_CTP_')) {
      const [status, message] = parserMessages[error.code] ?? [400, 'Invalid request body'];
      return reply.status(status).send({ message });
    }
    if (typeof error.code === 'string' && multipartMessages[error.code]) {
      const [status, message] = multipartMessages[error.code];
      return reply.status(status).send({ message });
    }
    // Text Postgres cannot store (a NUL byte, say) is bad input, whatever route let it through.
    if (['22021', '22P05'].includes(pgErrorCode(error) ?? '')) {
      return reply.status(400).send({ message: 'Request contains invalid characters' });
    }
    // A value a route's checks let through but a table's constraint or type refuses (a check
    // constraint, text that is not a uuid) is still the client's error, never a 500.
    if (['23514', '22P02'].includes(pgErrorCode(error) ?? '')) {
      return reply.status(400).send({ message: 'Invalid request' });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx errors (rate limit, bad URL encoding, ...) carry a message fit for clients.
      return reply.status(status).send({ message: error.message || 'Bad request' });
    }
    request.log.error({ err: loggable(error) }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong' });
  });
}

export default fp(errors, { name: 'errors', fastify: '5.x' });
