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

export function getErrorMessage(error: unknown, fallback: string = GENERIC_ERROR): string {
  return getServerMessage(error) ?? fallback;
}

/** True for network failures, timeouts and unparsable answers (no HTTP status from the server). */
export function isNetworkError(error: unknown): boolean {
  return isRecord(error) && typeof error.status === 'string';
}
