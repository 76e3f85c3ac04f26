/** What a validator answers: the cleaned value, or the first failing rule's message (and its field). */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string; field?: string };

export const fail = (message: string, field?: string) => ({ ok: false, message, ...(field ? { field } : {}) }) as const;

/**
 * An edit's keep list: a JSON array of paths, each one of the record's current ones (repeats count
 * once), in the order listed. Absent: every current image stays, so an edit of the text alone keeps
 * the pictures. `record` names the record in the message ('skill', 'whisper').
 */
export function keepList(raw: string | undefined, current: string[], field: string, record: string): Checked<string[]> {
  if (raw === undefined) return { ok: true, value: current };
  let list: unknown;
  try {
    list = raw.trim() === '' ? [] : JSON.parse(raw);
  } catch {
    list = undefined;
  }
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) {
    return fail(`${field} must be a JSON array of image paths.`, field);
  }
  const kept = [...new Set(list as string[])];
  if (kept.some((path) => !current.includes(path))) return fail(`${field} lists an image this ${record} does not have.`, field);
  return { ok: true, value: kept };
}
