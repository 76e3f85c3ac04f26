import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate } from 'react-router-dom';
import { selectIsLoggedIn } from '@/shared/auth';
import { paths } from '@/shared/config';

/** Account screens need a session (user data and token, spec §4); without one, the login screen. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isLoggedIn = useSelector(selectIsLoggedIn);
  return isLoggedIn ? children : <Navigate to={paths.login()} replace />;
}
