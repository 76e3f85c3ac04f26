import { toast } from 'react-toastify';
import { useAnswerFriendRequestMutation, type FriendRequest } from '@/shared/api';
import { Button } from '@/shared/ui/button';

interface AnswerButtonsProps {
  request: FriendRequest;
  userId: string;
  /** The id of the sender's name, so each button says whose request it answers. */
  describedBy: string;
}

/**
 * Accept and Reject of a friend request. The request leaves the list at once (the mutation's
 * optimistic patch); a failure puts it back with a notice.
 */
export function AnswerButtons({ request, userId, describedBy }: AnswerButtonsProps) {
  const [answer] = useAnswerFriendRequestMutation();
  const reply = async (action: 'accept' | 'reject') => {
    const result = await answer({ request, action, userId });
    if ('data' in result && result.data?.message) toast.success(result.data.message);
  };
  return (
    <>
      <Button size="sm" onClick={() => void reply('accept')} aria-describedby={describedBy}>
        Accept
      </Button>
      <Button size="sm" variant="secondary" onClick={() => void reply('reject')} aria-describedby={describedBy}>
        Reject
      </Button>
    </>
  );
}
