/**
 * An error whose status and `{ message }` body are meant for the client (spec §8 wording).
 * Anything else thrown in a handler becomes a 500 'Something went wrong'.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra fields of the answer, e.g. `{ status: false }` where spec §7 reads a status flag. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toJSON() {
    return { ...this.extra, message: this.message };
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = () => new HttpError(401, 'Unauthorized');
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found', extra?: Record<string, unknown>) => new HttpError(404, message, extra);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

/** An error answered as `{ status: false, message }`, for the calls whose answer spec §7 reads as `status`. */
export const failure = (statusCode: number, message: string) => new HttpError(statusCode, message, { status: false });
