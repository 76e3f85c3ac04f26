import { paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';

/** Spec §2: both message screens, without a stored session. */
export const NOT_LOGGED_IN = {
  title: 'You are not logged in',
  text: 'Please log in to view your requests and connect with friends.',
  action: 'Login Now',
} as const;

export function SignedOut() {
  return <EmptyState titleAs="h1" icon="user" title={NOT_LOGGED_IN.title} description={NOT_LOGGED_IN.text} action={<ButtonLink to={paths.login()}>{NOT_LOGGED_IN.action}</ButtonLink>} />;
}
