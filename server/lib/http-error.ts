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
/** 400 for a failed validator: its message, and its field when it names one. */
export const invalid = (checked: { message: string; field?: string }, extra: Record<string, unknown> = {}) =>
  new HttpError(400, checked.message, checked.field ? { ...extra, field: checked.field } : extra);
export const unauthorized = () => new HttpError(401, 'Unauthorized');
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found', extra?: Record<string, unknown>) => new HttpError(404, message, extra);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

/** An error answered as `{ status: false, message }`, for the calls whose answer spec §7 reads as `status`. */
export const failure = (statusCode: number, message: string, extra: Record<string, unknown> = {}) =>
  new HttpError(statusCode, message, { status: false, ...extra });

/**
 * `field` names the body field the message is about, so a form can show it under that field
 * (the password rules, the current password asked for in sudo mode).
 */
export const fieldError = (statusCode: number, message: string, field: string, extra: Record<string, unknown> = {}) =>
  new HttpError(statusCode, message, { ...extra, field });
