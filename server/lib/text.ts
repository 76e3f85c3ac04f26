import { ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';

// Shapes shared by the validators of several modules (spec §5 wording stays in each module).

// Control characters have no place in names or addresses, and Postgres text cannot hold NUL at all.
// eslint-disable-next-line no-control-regex
export const controlChars = /[\u0000-\u001f\u007f]/;

// The same, but tab and line breaks are fine (a bio has paragraphs).
// eslint-disable-next-line no-control-regex
export const controlCharsExceptBreaks = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A plain decimal, as a map picker or a typed value gives it (no exponents, no hex, no 'Infinity'). */
const coordinateShape = /^[-+]?\d{1,3}(\.\d{1,15})?$/;

/** A coordinate typed as text: a plain decimal within ±limit (90 for a latitude, 180 for a longitude), or undefined. */
export function parseCoordinate(raw: string | undefined, limit: number): number | undefined {
  const trimmed = raw?.trim() ?? '';
  if (!coordinateShape.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Math.abs(value) <= limit ? value : undefined;
}

/** Spec §5: non-space text, an at sign, non-space text, a dot, non-space text. */
const emailShape = /^\S+@\S+\.\S+$/;

export const EMAIL_MAX_LENGTH = 254;

/** A trimmed, lower-cased e-mail address, or undefined when it is not one. */
export function normalizeEmail(raw: string | undefined): string | undefined {
  const email = raw?.trim().toLowerCase() ?? '';
  if (!emailShape.test(email) || controlChars.test(email) || email.length > EMAIL_MAX_LENGTH) return undefined;
  return email;
}

/**
 * The condition that one of `columns` holds the user's text `q`, case-insensitively (none without
 * `q`): `%`, `_` and `\` typed by the user match themselves (backslash is Postgres's default escape).
 */
export function containsAny(q: string | undefined, columns: AnyColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}
