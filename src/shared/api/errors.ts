// Spec §8 "Generic": the server's message field when present, else the screen's fallback text.
export const GENERIC_ERROR = 'Something went wrong';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Reads `message` from an RTK Query error (`{ status, data: { message } }`) or a raw answer body. */
export function getServerMessage(error: unknown): string | undefined {
  if (!isRecord(error)) return undefined;
  const body = 'data' in error ? error.data : error;
  if (isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '') return body.message;
  return undefined;
}

/**
 * The body field an error answer is about (`{ message, field: 'password' }`), when the server
 * names one: the form shows the message under that field instead of above the form.
 */
export function getErrorField(error: unknown): string | undefined {
  if (!isRecord(error)) return undefined;
  const body = 'data' in error ? error.data : error;
  return isRecord(body) && typeof body.field === 'string' && body.field !== '' ? body.field : undefined;
}

export function getErrorMessage(error: unknown, fallback: string = GENERIC_ERROR): string {
  return getServerMessage(error) ?? fallback;
}

/** `{ field }` when the error names one, else nothing (so outcomes without one compare equal as before). */
function fieldOf(error: unknown): { field?: string } {
  const field = getErrorField(error);
  return field ? { field } : {};
}

/**
 * True when a record read by its id answered 404, or 400 for an id that cannot name a record at all
 * (a mistyped link, /needs/new): the record is not there, as against not loaded, and trying again
 * would not help.
 */
export const isNotFound = (error: unknown): boolean => isRecord(error) && (error.status === 404 || error.status === 400);

/** True for network failures, timeouts and unparsable answers (no HTTP status from the server). */
export function isNetworkError(error: unknown): boolean {
  return isRecord(error) && typeof error.status === 'string';
}

/** How a request answered with `{ status, message }` ended: its answer, or the text to show instead. */
export type StatusOutcome<R> =
  | { ok: true; result: R }
  | { ok: false; message: string; network: boolean; field?: string };

/**
 * Runs a `{ status, message }` mutation (`trigger(args)`, unwrapped here). A refusal (`status: false`)
 * shows its message, a failed request the server's message; otherwise the screen's `fallback`, or
 * `network` when no answer came at all.
 */
export async function settleStatus<R extends { status: boolean; message: string }>(
  request: { unwrap: () => Promise<R> },
  fallback: string,
  { network }: { network?: string } = {},
): Promise<StatusOutcome<R>> {
  try {
    const result = await request.unwrap();
    return result.status ? { ok: true, result } : { ok: false, message: result.message || fallback, network: false };
  } catch (failure) {
    const offline = isNetworkError(failure);
    const message = offline && network !== undefined ? network : (getServerMessage(failure) ?? fallback);
    return { ok: false, message, network: offline, ...fieldOf(failure) };
  }
}
