import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { getErrorMessage, useSendFriendRequestMutation, type FriendStatus } from '@/shared/api';
import { selectIsLoggedIn } from '@/shared/auth';
import { paths } from '@/shared/config';
import { Button, ButtonLink } from '@/shared/ui/button';

export const LOGIN_TO_ADD_FRIEND = 'Please log in to add friends.';

/**
 * 'Add friend' on an author's profile: sends a friend request, then shows it as pending. A request
 * the other user sent shows a link to answer it; friends see that they are. 'Friends' and 'Request
 * pending' are aria-disabled, not disabled: they do nothing, yet keyboard and screen-reader users
 * still reach them and hear the state.
 */
export function AddFriendButton({ userId, status }: { userId: string; status: FriendStatus }) {
  const loggedIn = useSelector(selectIsLoggedIn);
  const navigate = useNavigate();
  const [send, { isLoading }] = useSendFriendRequestMutation();

  if (status === 'friends') {
    return (
      <Button variant="secondary" aria-disabled="true">
        Friends
      </Button>
    );
  }
  if (status === 'pending-sent') {
    return (
      <Button variant="secondary" aria-disabled="true">
        Request pending
      </Button>
    );
  }
  if (status === 'pending-received') {
    return (
      <ButtonLink to={paths.allRequests()} variant="secondary">
        Answer friend request
      </ButtonLink>
    );
  }
  const add = async () => {
    if (!loggedIn) {
      toast.info(LOGIN_TO_ADD_FRIEND);
      navigate(paths.login());
      return;
    }
    try {
      const { message } = await send({ receiverId: userId }).unwrap();
      toast.success(message || 'Friend request sent.');
    } catch (failure) {
      toast.error(getErrorMessage(failure));
    }
  };
  return (
    <Button variant="secondary" onClick={() => void add()} disabled={isLoading}>
      {isLoading ? 'Sending...' : 'Add friend'}
    </Button>
  );
}
