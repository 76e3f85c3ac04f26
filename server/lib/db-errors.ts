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
