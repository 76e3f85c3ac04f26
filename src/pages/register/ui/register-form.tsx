import { useRef, useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { getServerMessage, REGISTER_SUCCESS_MESSAGE, useRegisterMutation } from '@/shared/api';
import { paths } from '@/shared/config';
import {
  hasErrors,
  validateRegister,
  type FieldErrors,
  type RegisterField,
  type RegisterValues,
} from '@/shared/lib/validation';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { TextField } from '@/shared/ui/text-field';
import { toRegisterError } from '../lib/register-error';

const empty: RegisterValues = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  contactNumber: '',
  password: '',
  confirmPassword: '',
};

type FieldSpec = { field: RegisterField; label: string } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'inputMode' | 'placeholder' | 'autoCapitalize'
>;

/** Field order = on-screen order = the order the first error gets focus in. */
const nameFields: FieldSpec[] = [
  { field: 'firstName', label: 'First name', autoComplete: 'given-name', placeholder: 'Asha' },
  { field: 'lastName', label: 'Last name', autoComplete: 'family-name', placeholder: 'Rao' },
];
const otherFields: FieldSpec[] = [
  { field: 'username', label: 'Username', autoComplete: 'username', autoCapitalize: 'none', placeholder: 'Choose a username' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email', autoCapitalize: 'none', placeholder: 'you@example.com' },
  { field: 'contactNumber', label: 'Contact No.', type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: '+919876543210' },
  { field: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', placeholder: 'At least 6 characters' },
  { field: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password', placeholder: 'Repeat your password' },
];
const fieldOrder = [...nameFields, ...otherFields].map((spec) => spec.field);

export function RegisterForm() {
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMutation();
  const [values, setValues] = useState<RegisterValues>(empty);
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
  const [attempted, setAttempted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<RegisterField, HTMLInputElement | null>>>({});

  const change = (field: RegisterField) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (attempted) setErrors(validateRegister(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setAttempted(true);
    const found = validateRegister(values);
    setErrors(found);
    if (hasErrors(found)) {
      inputs.current[fieldOrder.find((field) => found[field]) ?? 'firstName']?.focus();
      return;
    }

    setFormError(null);
    try {
      const result = await register({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        username: values.username.trim(),
        email: values.email.trim(),
        contactNumber: values.contactNumber.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
      }).unwrap();
      // Spec §4: any answer that is not an error goes on to /login.
      if (result.message === REGISTER_SUCCESS_MESSAGE) toast.success(REGISTER_SUCCESS_MESSAGE);
      else if (result.message) toast.info(result.message);
      navigate(paths.login());
    } catch (error) {
      setFormError(toRegisterError(getServerMessage(error)));
    }
  };

  const renderField = ({ field, label, ...input }: FieldSpec) => (
    <TextField
      key={field}
      ref={(node) => {
        inputs.current[field] = node;
      }}
      label={label}
      name={field}
      value={values[field]}
      onChange={change(field)}
      error={errors[field]}
      spellCheck={false}
      {...input}
    />
  );

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={isLoading || undefined}>
      <FormAlert message={formError} />
      <div className="auth-form__row">{nameFields.map(renderField)}</div>
      {otherFields.map(renderField)}
      <Button type="submit" size="lg" block disabled={isLoading}>
        Create Account
      </Button>
    </form>
  );
}
