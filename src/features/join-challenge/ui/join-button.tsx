import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { JOIN_TEXTS, useJoinChallengeMutation, type ChallengeDetail } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { paths } from '@/shared/config';
import { Button, ButtonLink } from '@/shared/ui/button';
import { toastSuccess } from '@/shared/ui/success-toast';
import './join-button.css';

export const LOGIN_TO_JOIN = 'Please log in to join challenges.';

/**
 * 'Join Challenge' ('Joining...' while pending): joined at once (the mutation's optimistic patch),
 * a failure undoes it and says 'Join Failed'. A joined user sees the disabled 'You have joined this
 * challenge' and a way to track their progress; a visitor is asked to log in.
 */
export function JoinButton({ challenge }: { challenge: ChallengeDetail }) {
  const userId = useSelector(selectUserId);
  const navigate = useNavigate();
  const [join, { isLoading }] = useJoinChallengeMutation();
  const joined = userId !== null && challenge.participantIds.includes(userId);

  const onJoin = async () => {
    if (!userId) {
      toast.info(LOGIN_TO_JOIN);
      navigate(paths.login());
      return;
    }
    const result = await join({ id: challenge._id, userId });
    if ('data' in result) toastSuccess(result.data?.message || JOIN_TEXTS.joinedText, JOIN_TEXTS.joined);
  };

  if (joined && !isLoading) {
    return (
      <div className="join-challenge__joined">
        <Button disabled>You have joined this challenge</Button>
        <ButtonLink variant="secondary" to={paths.challenges.joined(challenge._id)}>
          Track your progress
        </ButtonLink>
      </div>
    );
  }
  return (
    <Button onClick={() => void onJoin()} disabled={isLoading} aria-busy={isLoading || undefined}>
      {isLoading ? 'Joining...' : 'Join Challenge'}
    </Button>
  );
}
