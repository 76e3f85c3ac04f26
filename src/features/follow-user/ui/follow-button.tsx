import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useSetFollowMutation } from '@/shared/api';
import { selectIsLoggedIn } from '@/shared/auth';
import { paths } from '@/shared/config';
import { newIdempotencyKey } from '@/shared/lib/idempotency-key';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { Modal } from '@/shared/ui/modal';
import { Spinner } from '@/shared/ui/spinner';

export const FOLLOW_TEXTS = {
  notLoggedIn: 'Not Logged In',
  needLogin: 'You need to be logged in to follow users.',
} as const;

interface FollowButtonProps {
  userId: string;
  /** The name the dialog asks about ('Follow @rohan?'). */
  username: string;
  /** Undefined while the profile that knows it is loading: the button waits (disabled) rather than guess. */
  following: boolean | undefined;
}

/**
 * Follow / Unfollow a user after a confirmation dialog, with a spinner while the call is pending
 * (spec §4). The profile's button and follower count change at once and are undone if the call
 * fails ('Failed to update follow status', raised by the mutation). A visitor gets spec §6's 'Not
 * Logged In' dialog with a link to log in.
 */
export function FollowButton({ userId, username, following: knownFollowing }: FollowButtonProps) {
  const following = knownFollowing ?? false;
  const loggedIn = useSelector(selectIsLoggedIn);
  const [setFollow, { isLoading }] = useSetFollowMutation();
  const [asking, setAsking] = useState(false);

  const confirm = async () => {
    setAsking(false);
    // The key is made now, when the member acts: a retry from the offline queue sends it again.
    const result = await setFollow({ userId, follow: !following, idempotencyKey: newIdempotencyKey() });
    if ('data' in result && result.data) toast.success(result.data.message);
  };

  return (
    <>
      <Button variant={following ? 'secondary' : 'primary'} onClick={() => setAsking(true)} disabled={isLoading || knownFollowing === undefined} aria-busy={isLoading || knownFollowing === undefined || undefined}>
        {isLoading ? <Spinner size="sm" label={following ? 'Following' : 'Unfollowing'} /> : following ? 'Unfollow' : 'Follow'}
      </Button>
      {loggedIn ? (
        <ConfirmDialog
          open={asking}
          title={following ? `Unfollow @${username}?` : `Follow @${username}?`}
          confirmLabel={following ? 'Unfollow' : 'Follow'}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        >
          {following ? 'You will stop seeing them as someone you follow.' : 'You will see them among the people you follow.'}
        </ConfirmDialog>
      ) : (
        <Modal open={asking} onClose={() => setAsking(false)} title={FOLLOW_TEXTS.notLoggedIn}>
          <p>{FOLLOW_TEXTS.needLogin}</p>
          <p>
            <Link to={paths.login()}>Login</Link>
          </p>
        </Modal>
      )}
    </>
  );
}
