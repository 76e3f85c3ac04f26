import { paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';

/** Spec §2: the inbox, a conversation and the friend requests, without a stored session. */
export function SignedOut() {
  return (
    <EmptyState
      titleAs="h1"
      icon="user"
      title="You are not logged in"
      description="Please log in to view your requests and connect with friends."
      action={<ButtonLink to={paths.login()}>Login Now</ButtonLink>}
    />
  );
}
