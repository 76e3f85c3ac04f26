// Small building blocks; each returns the spec's message (§5) or undefined.
export type Rule = (value: string) => string | undefined;

export const required =
  (message: string): Rule =>
  (value) =>
    value.trim() === '' ? message : undefined;

export const minLength =
  (length: number, message: string): Rule =>
  (value) =>
    value.length < length ? message : undefined;

export const matches =
  (pattern: RegExp, message: string): Rule =>
  (value) =>
    pattern.test(value.trim()) ? undefined : message;

/** First failing rule wins, like the spec's "required, then shaped" order. */
export const firstError = (value: string, ...rules: Rule[]): string | undefined => {
  for (const rule of rules) {
    const error = rule(value);
    if (error) return error;
  }
  return undefined;
};

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export const hasErrors = (errors: Record<string, string | undefined>): boolean =>
  Object.values(errors).some(Boolean);

/** Drops fields without an error so `{}` means valid. */
export const compact = <F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> =>
  Object.fromEntries(Object.entries(errors).filter(([, message]) => Boolean(message))) as FieldErrors<F>;
