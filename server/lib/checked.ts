/** What a validator answers: the cleaned value, or the first failing rule's message (and its field). */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string; field?: string };

export const fail = (message: string, field?: string) => ({ ok: false, message, ...(field ? { field } : {}) }) as const;
