import { useState } from 'react';
import { toast } from 'react-toastify';
import { getFullName } from '@/entities/user';
import { getErrorMessage, useAddCommentMutation, useLazyGetOlderRepliesQuery, type CommentThread as Thread } from '@/shared/api';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { Button } from '@/shared/ui/button';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';

export const POST_COMMENT_FAILED = 'Could not post your comment. Please try again.';
export const REPLIES_FAILED = 'Could not load the earlier replies. Please try again.';

interface CommentThreadProps {
  thread: Thread;
  whisperAuthorId: string;
  me: string | null;
  now: number;
}

/** A top-level comment, its replies (older ones on request), and the reply form when asked for. */
export function CommentThread({ thread, whisperAuthorId, me, now }: CommentThreadProps) {
  const [replying, setReplying] = useState(false);
  const [loadOlder, older] = useLazyGetOlderRepliesQuery();
  const [addComment] = useAddCommentMutation();
  const { keyFor, reset } = useIdempotencyKey();
  const hidden = thread.replyCount - thread.replies.length;
  const name = getFullName(thread.user) || `@${thread.user.username}`;

  const reply = async (text: string) => {
    try {
      await addComment({ whisperId: thread.whisperId, parentId: thread._id, text, idempotencyKey: keyFor([thread._id, text]) }).unwrap();
      reset();
      setReplying(false);
      return undefined;
    } catch (failure) {
      return getErrorMessage(failure, POST_COMMENT_FAILED);
    }
  };
  const showOlder = async () => {
    if (!thread.repliesCursor) return;
    try {
      await loadOlder({ whisperId: thread.whisperId, commentId: thread._id, cursor: thread.repliesCursor }).unwrap();
    } catch {
      toast.error(REPLIES_FAILED);
    }
  };

  return (
    <li className="comment-thread">
      <CommentItem comment={thread} whisperAuthorId={whisperAuthorId} me={me} now={now} replyCount={thread.replyCount} onReply={() => setReplying(true)} />
      {(thread.replies.length > 0 || hidden > 0 || replying) && (
        <div className="comment-thread__replies">
          {hidden > 0 && thread.repliesCursor && (
            <Button variant="ghost" size="sm" onClick={() => void showOlder()} disabled={older.isFetching}>
              {older.isFetching ? 'Loading replies...' : `View ${hidden} earlier ${hidden === 1 ? 'reply' : 'replies'}`}
            </Button>
          )}
          {thread.replies.length > 0 && (
            <ul className="comment-thread__list" aria-label={`Replies to ${name}`}>
              {thread.replies.map((item) => (
                <li key={item._id}>
                  <CommentItem comment={item} whisperAuthorId={whisperAuthorId} me={me} now={now} />
                </li>
              ))}
            </ul>
          )}
          {replying && me && (
            <CommentForm
              label={`Reply to ${name}`}
              submitLabel="Reply"
              busyLabel="Sending..."
              onSubmit={reply}
              onCancel={() => setReplying(false)}
              clearOnSuccess
              autoFocus
            />
          )}
        </div>
      )}
    </li>
  );
}
