import { paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';

interface SignedOutProps {
  /** Why a login is asked for; spec §2's words for the inbox, a conversation and the friend requests. */
  description?: string;
  /** h1 where the notice is all the page shows; a paragraph under a page's own title (a tab). */
  titleAs?: 'h1' | 'p';
}

/** What a screen for signed-in travellers shows a visitor: 'You are not logged in', why, and 'Login Now'. */
export function SignedOut({ description = 'Please log in to view your requests and connect with friends.', titleAs = 'h1' }: SignedOutProps) {
  return (
    <EmptyState
      titleAs={titleAs}
      icon="user"
      title="You are not logged in"
      description={description}
      action={<ButtonLink to={paths.login()}>Login Now</ButtonLink>}
    />
  );
}
