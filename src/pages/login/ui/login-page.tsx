import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { isSessionExpiredState } from '@/shared/auth';
import { getAppConfig, paths } from '@/shared/config';
import { AuthLayout } from '@/shared/ui/auth-layout';
import { FormAlert } from '@/shared/ui/form-alert';
import { PageMeta } from '@/shared/ui/page-meta';
import { LoginForm } from './login-form';
import { LoginSuccess } from './login-success';
import { SESSION_ENDED_NOTICE } from '../lib/session-notice';

export function LoginPage() {
  const [loggedIn, setLoggedIn] = useState(false);
  const { brandName } = getAppConfig();
  const sessionEnded = isSessionExpiredState(useLocation().state);

  return (
    <>
      <PageMeta
        title="Login | Access Your Travel Dashboard & Trips"
        description="Log in to manage your travel plans, view events, respond to travel needs and connect with travellers. Find trips, buddies and gear."
      />
      {loggedIn ? (
        <LoginSuccess />
      ) : (
        <AuthLayout
          brandName={brandName}
          tagline="Log in to manage your plans, view events, respond to travel needs and connect with travellers."
          title="Login Account"
          subtitle="Welcome back, traveller."
          footer={
            <p>
              Don&apos;t have an Account ? <Link to={paths.register()}>Sign Up</Link>
            </p>
          }
        >
          {sessionEnded && <FormAlert tone="info" message={SESSION_ENDED_NOTICE} />}
          <LoginForm onLoggedIn={() => setLoggedIn(true)} />
        </AuthLayout>
      )}
    </>
  );
}
