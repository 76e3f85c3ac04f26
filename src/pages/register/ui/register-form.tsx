import type { InputHTMLAttributes } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { getErrorField, getServerMessage, REGISTER_SUCCESS_MESSAGE, useRegisterMutation } from '@/shared/api';
import { paths } from '@/shared/config';
import { useForm } from '@/shared/lib/form';
import { validateRegister, type RegisterField, type RegisterValues } from '@/shared/lib/validation';
import { Form, FormRow } from '@/shared/ui/form';
import { TextField } from '@/shared/ui/text-field';
import { toRegisterError } from '../lib/register-error';

/** Key order = on-screen order (nameFields, then otherFields) = the order the first error gets focus in. */
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

export function RegisterForm() {
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMutation();
  const { field, formError, setFormError, showServerError, handleSubmit } = useForm({
    initialValues: empty,
    validate: validateRegister,
    busy: isLoading,
  });

  const submit = handleSubmit(async (values) => {
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
      // A message about one field (a too common password) goes under it as sent; the rest as spec §8 says.
      const message = getServerMessage(error);
      if (message && showServerError(getErrorField(error), message)) return;
      setFormError(toRegisterError(message));
    }
  });

  const renderField = ({ field: name, label, ...input }: FieldSpec) => (
    <TextField key={name} {...field(name)} label={label} spellCheck={false} {...input} />
  );

  return (
    <Form className="auth-form" onSubmit={submit} busy={isLoading} error={formError} submitLabel="Create Account" busyLabel="Create Account">
      <FormRow>{nameFields.map(renderField)}</FormRow>
      {otherFields.map(renderField)}
    </Form>
  );
}
