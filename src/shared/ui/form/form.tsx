import type { FormHTMLAttributes, ReactNode } from 'react';
import { Button } from '../button';
import { FormAlert } from '../form-alert';
import './form.css';

interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'noValidate'> {
  /** A request runs: the submit button is disabled and says `busyLabel`. */
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** The form-level message of a failed submit, above the fields (forms that show it elsewhere leave it out). */
  error?: string | null;
  /** What follows the submit button (a link, a dialog). */
  footer?: ReactNode;
}

/**
 * A form the app validates itself (noValidate: the messages are the spec's, under each field), with
 * its failure above the fields and its submit button last.
 */
export function Form({ busy, submitLabel, busyLabel, error, footer, children, className, ...formProps }: FormProps) {
  return (
    <form noValidate aria-busy={busy || undefined} className={['form', className].filter(Boolean).join(' ')} {...formProps}>
      {error !== undefined && <FormAlert message={error} />}
      {children}
      <Button type="submit" size="lg" block disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
      {footer}
    </form>
  );
}

/** Two fields side by side on a wide screen, one above the other on a phone. */
export function FormRow({ children }: { children: ReactNode }) {
  return <div className="form-row">{children}</div>;
}
