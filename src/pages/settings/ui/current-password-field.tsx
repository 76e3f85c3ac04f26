import type { Ref } from 'react';
import { TextField } from '@/shared/ui/text-field';

interface CurrentPasswordFieldProps {
  value: string;
  error?: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * Asked for only when the server wants it (a session that signed in more than 10 minutes ago, before
 * deleting the account or changing the e-mail). It appears in answer to a submit, so it takes focus.
 */
export function CurrentPasswordField({ value, error, onChange, ref }: CurrentPasswordFieldProps) {
  return (
    <TextField
      ref={ref}
      label="Current Password"
      name="currentPassword"
      type="password"
      autoComplete="current-password"
      autoFocus
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
