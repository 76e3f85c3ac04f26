import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { hasErrors, type FieldErrors } from '../validation';

/** The fields of `V` that hold text, i.e. the ones a text input edits. */
export type TextFieldName<V> = { [K in keyof V]-?: V[K] extends string ? K : never }[keyof V] & string;

export interface UseFormOptions<V extends object> {
  /** The starting values. Their key order is the on-screen order: the first invalid field in it gets focus. */
  initialValues: V | (() => V);
  /**
   * The message for each invalid field (undefined or absent = valid); none means always valid.
   * Keep it stable (module level): `setValue` depends on it.
   */
  validate?: (values: V) => FieldErrors<keyof V & string>;
  /** While true (a request is under way) a submit does nothing. */
  busy?: boolean;
}

/** Why a submission failed: the server's message, and the field it is about when it names one. */
export interface SubmitFailure {
  message: string;
  field?: string;
}

/** What a page gives a form that sends: where it starts, how it sends, and whether a request runs. */
export interface SendFormProps<V> {
  initialValues: V;
  /** Sends the values; resolves with the failure to show, or null when it went through (or left the page). */
  onSubmit: (values: V) => Promise<SubmitFailure | null>;
  busy: boolean;
  /** Runs first on submit, before validation (the login check); false stops it. */
  canSubmit?: () => boolean;
}

export interface SendOptions<V> {
  /** Runs first, before validation (a login check); false stops the submit. */
  canSubmit?: () => boolean;
  /** The form's name for a field the server calls otherwise. */
  fieldNames?: Partial<Record<string, keyof V & string>>;
}

interface FormState<V> {
  values: V;
  errors: FieldErrors<keyof V & string>;
  /** Set by the first submit; from then on messages follow the input live. */
  attempted: boolean;
}

const alwaysValid = () => ({});

/**
 * A form's state: values, a message per field, the form-level message of a failed request, and a
 * submit handler that validates, focuses the first invalid field, and only then runs the action.
 */
export function useForm<V extends object>({ initialValues, validate = alwaysValid, busy = false }: UseFormOptions<V>) {
  const [state, setState] = useState<FormState<V>>(() => ({
    values: typeof initialValues === 'function' ? initialValues() : initialValues,
    errors: {},
    attempted: false,
  }));
  const [formError, setFormError] = useState<string | null>(null);
  const elements = useRef<Partial<Record<keyof V, HTMLElement | null>>>({});

  const setValue = useCallback(
    <K extends keyof V>(name: K, value: V[K]) =>
      setState((current) => {
        const values = { ...current.values, [name]: value };
        return { ...current, values, errors: current.attempted ? validate(values) : current.errors };
      }),
    [validate],
  );

  const setFieldError = (name: keyof V & string, message: string | undefined) =>
    setState((current) => ({ ...current, errors: { ...current.errors, [name]: message } }));

  const focus = (name: keyof V) => elements.current[name]?.focus();

  /**
   * Shows a server's message about one field (the answer's `field`) under that field, flagged
   * invalid and focused, keeping everything typed. `fieldNames` maps the server's name when the form
   * calls the field otherwise. False when the form has no such field: show the message elsewhere.
   */
  const showServerError = (
    serverField: string | undefined,
    message: string,
    fieldNames: Partial<Record<string, keyof V & string>> = {},
  ): boolean => {
    if (serverField === undefined) return false;
    const name = fieldNames[serverField] ?? (serverField in state.values ? (serverField as keyof V & string) : undefined);
    if (name === undefined) return false;
    setFieldError(name, message);
    focus(name);
    return true;
  };

  /** Props for a TextField, TextAreaField or SelectField: name, value, onChange, error, and the ref that lets it take focus. */
  const field = <K extends TextFieldName<V>>(name: K) => ({
    name,
    value: state.values[name],
    error: state.errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => setValue(name, event.target.value as V[K]),
    ref: (node: HTMLElement | null) => {
      elements.current[name] = node;
    },
  });

  /** The ref that lets the form focus a field that is not a text field (an image picker's input, a select). */
  const refFor = (name: keyof V & string) => (node: HTMLElement | null) => {
    elements.current[name] = node;
  };

  const handleSubmit = (action: (values: V) => unknown) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const { values } = state;
    const found = validate(values);
    setState((current) => ({ ...current, errors: found, attempted: true }));
    if (hasErrors(found)) {
      const order = Object.keys(values) as (keyof V & string)[];
      const first = order.find((name) => found[name]);
      if (first) focus(first);
      return;
    }
    setFormError(null);
    await action(values);
  };

  /**
   * The submit handler of a form that sends: validates, then `send`s, which resolves with what
   * failed (null when it went through). A message about one field goes under it, anything else
   * becomes the form's error; what was typed stays.
   */
  const handleSend = (send: (values: V) => Promise<SubmitFailure | null>, { canSubmit, fieldNames }: SendOptions<V> = {}) => {
    const validateAndSend = handleSubmit(async (values) => {
      const failed = await send(values);
      if (failed && !showServerError(failed.field, failed.message, fieldNames)) setFormError(failed.message);
    });
    return (event: FormEvent<HTMLFormElement>) => {
      if (canSubmit && !canSubmit()) {
        event.preventDefault();
        return;
      }
      void validateAndSend(event);
    };
  };

  return {
    values: state.values,
    errors: state.errors,
    formError,
    setFormError,
    setValue,
    setFieldError,
    showServerError,
    focus,
    field,
    refFor,
    handleSubmit,
    handleSend,
  };
}
