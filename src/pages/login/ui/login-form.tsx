import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router-dom';
import { getServerMessage, LOGIN_SUCCESS_MESSAGE, useLoginMutation } from '@/shared/api';
import { sessionStarted } from '@/shared/auth';
import { paths } from '@/shared/config';
import { hasErrors, validateLogin, type FieldErrors, type LoginField, type LoginValues } from '@/shared/lib/validation';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { TextField } from '@/shared/ui/text-field';
import { toLoginError } from '../lib/login-error';

const fieldOrder: LoginField[] = ['username', 'password'];

interface LoginFormProps {
  onLoggedIn: () => void;
}

export function LoginForm({ onLoggedIn }: LoginFormProps) {
  const dispatch = useDispatch();
  const [login, { isLoading }] = useLoginMutation();
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [attempted, setAttempted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});

  const change = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // After a first submit, messages follow the input live.
    if (attempted) setErrors(validateLogin(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setAttempted(true);
    const found = validateLogin(values);
    setErrors(found);
    if (hasErrors(found)) {
      inputs.current[fieldOrder.find((field) => found[field]) ?? 'username']?.focus();
      return;
    }

    setFormError(null);
    try {
      const result = await login({ username: values.username.trim(), password: values.password }).unwrap();
      if (result.message !== LOGIN_SUCCESS_MESSAGE || !result.user || !result.token) {
        setFormError(toLoginError(result.message));
        return;
      }
      dispatch(sessionStarted({ user: { ...result.user, token: result.token }, token: result.token }));
      setValues({ username: '', password: '' });
      onLoggedIn();
    } catch (error) {
      setFormError(toLoginError(getServerMessage(error)));
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={isLoading || undefined}>
      <FormAlert message={formError} />
      <TextField
        ref={(node) => {
          inputs.current.username = node;
        }}
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="Enter your username"
        value={values.username}
        onChange={change('username')}
        error={errors.username}
      />
      <TextField
        ref={(node) => {
          inputs.current.password = node;
        }}
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        placeholder="Enter your password"
        value={values.password}
        onChange={change('password')}
        error={errors.password}
      />
      <div className="auth-form__aside">
        <Link to={paths.forgotPassword.root()}>Forgot password</Link>
      </div>
      <Button type="submit" size="lg" block disabled={isLoading}>
        {isLoading ? 'Processing...' : 'Login'}
      </Button>
    </form>
  );
}
