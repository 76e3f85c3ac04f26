import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useLikeWhisperMutation, type Whisper } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { paths } from '@/shared/config';
import { newIdempotencyKey } from '@/shared/lib/idempotency-key';
import { Icon } from '@/shared/ui/icon';
import './like-button.css';

export const LOGIN_TO_LIKE = 'Please log in to like whispers.';

/**
 * Like / unlike a whisper: the heart and the count change at once on every view of the whisper
 * (the mutation patches them all) and are read again from the server if the call fails.
 */
export function LikeButton({ whisper }: { whisper: Pick<Whisper, '_id' | 'title' | 'likes' | 'user'> }) {
  const userId = useSelector(selectUserId);
  const navigate = useNavigate();
  const [like] = useLikeWhisperMutation();
  const liked = userId !== null && whisper.likes.includes(userId);
  const count = whisper.likes.length;

  const onClick = () => {
    if (!userId) {
      toast.info(LOGIN_TO_LIKE);
      navigate(paths.login());
      return;
    }
    // The key is made now, when the member acts: a retry from the offline queue sends it again.
    void like({ whisper, userId, liked: !liked, idempotencyKey: newIdempotencyKey() });
  };

  return (
    <button
      type="button"
      className={`like-button${liked ? ' like-button--liked' : ''}`}
      aria-pressed={liked}
      aria-label={`Like ${whisper.title}, ${count} ${count === 1 ? 'like' : 'likes'}`}
      onClick={onClick}
    >
      <Icon name="heart" size={18} />
      <span aria-hidden="true">{count}</span>
    </button>
  );
}
