import { useDispatch } from 'react-redux';
import { Link } from 'react-router-dom';
import { getServerMessage, LOGIN_SUCCESS_MESSAGE, useLoginMutation } from '@/shared/api';
import { sessionStarted } from '@/shared/auth';
import { paths } from '@/shared/config';
import { useForm } from '@/shared/lib/form';
import { validateLogin } from '@/shared/lib/validation';
import { Form } from '@/shared/ui/form';
import { TextField } from '@/shared/ui/text-field';
import { toLoginError } from '../lib/login-error';

interface LoginFormProps {
  onLoggedIn: () => void;
}

export function LoginForm({ onLoggedIn }: LoginFormProps) {
  const dispatch = useDispatch();
  const [login, { isLoading }] = useLoginMutation();
  const { field, formError, setFormError, handleSubmit } = useForm({
    initialValues: { username: '', password: '' },
    validate: validateLogin,
    busy: isLoading,
  });

  const submit = handleSubmit(async (values) => {
    try {
      const result = await login({ username: values.username.trim(), password: values.password }).unwrap();
      if (result.message !== LOGIN_SUCCESS_MESSAGE || !result.user || !result.token) {
        setFormError(toLoginError(result.message));
        return;
      }
      // The user itself went into the api cache with the answer; the session keeps the id and token.
      dispatch(sessionStarted({ userId: result.user._id, token: result.token }));
      // The page swaps this form for the success view, so the typed password goes with it.
      onLoggedIn();
    } catch (error) {
      setFormError(toLoginError(getServerMessage(error)));
    }
  });

  return (
    <Form className="auth-form" onSubmit={submit} busy={isLoading} error={formError} submitLabel="Login" busyLabel="Processing...">
      <TextField
        {...field('username')}
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="Enter your username"
      />
      <TextField
        {...field('password')}
        label="Password"
        type="password"
        autoComplete="current-password"
        placeholder="Enter your password"
      />
      <div className="auth-form__aside">
        <Link to={paths.forgotPassword.root()}>Forgot password</Link>
      </div>
    </Form>
  );
}
