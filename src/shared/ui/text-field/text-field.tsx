import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import './text-field.css';

interface FieldProps {
  label: string;
  /** Validation message shown under the field; marks the control invalid. */
  error?: string;
  hint?: ReactNode;
  id?: string;
  /** On the field's wrapper. */
  className?: string;
}

/** What ties a control to its label, hint and error. */
interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Label, control, hint and error: the control's error is tied to it with aria-invalid and aria-describedby. */
function Field({ label, error, hint, id, className, control }: FieldProps & { control: (props: ControlProps) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={['text-field', error && 'text-field--invalid', className].filter(Boolean).join(' ')}>
      <label className="text-field__label" htmlFor={controlId}>
        {label}
      </label>
      {control({ id: controlId, className: 'text-field__input', 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: Ref<HTMLInputElement> };

/** A labelled input. */
export function TextField({ label, error, hint, id, className, ref, ...inputProps }: TextFieldProps) {
  return <Field {...{ label, error, hint, id, className }} control={(control) => <input ref={ref} {...control} {...inputProps} />} />;
}

type TextAreaFieldProps = FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { ref?: Ref<HTMLTextAreaElement> };

/** A labelled textarea (a description, a story, a bio). */
export function TextAreaField({ label, error, hint, id, className, ref, ...areaProps }: TextAreaFieldProps) {
  return <Field {...{ label, error, hint, id, className }} control={(control) => <textarea ref={ref} {...control} {...areaProps} />} />;
}

type SelectFieldProps = FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> & {
    ref?: Ref<HTMLSelectElement>;
    /** The choices: a value, or a value with the text shown for it. */
    options: readonly (string | { value: string; label: string })[];
    /** The empty first choice ('Select a category'). */
    placeholder: string;
  };

/** A labelled select with an empty first choice. */
export function SelectField({ label, error, hint, id, className, ref, options, placeholder, ...selectProps }: SelectFieldProps) {
  return (
    <Field
      {...{ label, error, hint, id, className }}
      control={(control) => (
        <select ref={ref} {...control} {...selectProps}>
          <option value="">{placeholder}</option>
          {options.map((option) => {
            const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </select>
      )}
    />
  );
}
