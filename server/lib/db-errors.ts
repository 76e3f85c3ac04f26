/** The Postgres error behind a driver error: drizzle wraps it in DrizzleQueryError.cause. */
interface PgError {
  code?: string;
  constraint?: string;
}

function pgErrorOf(error: unknown): PgError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgError & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** The SQLSTATE of the Postgres error behind `error`, if it is one. */
export const pgErrorCode = (error: unknown) => pgErrorOf(error)?.code;

/** SQLSTATE 23503: a row names one (a user, say) that is not there. */
export const FOREIGN_KEY_VIOLATION = '23503';

/** The name of the unique constraint or index a 23505 unique violation hit, else undefined. */
export function uniqueViolation(error: unknown): string | undefined {
  const pgError = pgErrorOf(error);
  if (pgError?.code !== '23505') return undefined;
  return pgError.constraint ?? '';
}

/**
 * Connection-level failures: the database server cannot be reached, went away, refuses connections
 * while it starts or stops, or no connection came free in time. Not the request's fault, and not a
 * bug: the same request succeeds once the database is back.
 */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
// SQLSTATE 57P01 admin_shutdown (a fast or smart stop), 57P02 crash_shutdown, 57P03 cannot_connect_now
// (starting up, shutting down, in recovery), 53300 too_many_connections (full for the moment).
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
// node-postgres and pg-pool say these in words only (no code): a connection lost mid-query, a client
// that lost its connection, the pool's connectionTimeoutMillis (db/client.ts), a query_timeout.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
  /^Query read timeout$/,
];

/**
 * Why `error` is the database being unavailable (its code or words, for the log), or undefined when
 * it is anything else. Looks through drizzle's wrapping (`cause`) and pg-pool's.
 */
export function databaseUnavailable(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return code;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return message;
    current = cause;
  }
  return undefined;
}
