import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getAppConfig, paths } from '@/shared/config';
import { LoadingScreen } from '@/shared/ui/loading-screen';
import { randomRedirectDelay } from '../lib/redirect-delay';

/** Logo, spinner, 'Login Successful!', then home after a random 3000–4999 ms (spec §2 Login). */
export function LoginSuccess() {
  const navigate = useNavigate();
  const [delay] = useState(() => randomRedirectDelay());

  useEffect(() => {
    const timer = window.setTimeout(() => navigate(paths.home(), { replace: true }), delay);
    return () => window.clearTimeout(timer);
  }, [navigate, delay]);

  return (
    <LoadingScreen
      brandName={getAppConfig().brandName}
      title="Login Successful!"
      message="Redirecting to your dashboard..."
      spinnerLabel="Redirecting"
    />
  );
}
