import { useSelector } from 'react-redux';
import { RELATIVE_TIME_REFRESH_MS } from '@/entities/whisper';
import { getErrorMessage, threadsOf, useAddCommentMutation, useGetCommentsInfiniteQuery, type Whisper } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { paths } from '@/shared/config';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { useNow } from '@/shared/lib/use-now';
import { Button, ButtonLink } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { LoadFailure } from '@/shared/ui/load-failure';
import { Spinner } from '@/shared/ui/spinner';
import { CommentForm } from './comment-form';
import { CommentThread, POST_COMMENT_FAILED } from './comment-thread';
import './comments.css';

export const NO_COMMENTS = 'No comments yet. Be the first to say something.';
export const EARLIER_FAILED = 'Could not load earlier comments.';

/**
 * The comments under a whisper, newest last: "Load earlier comments" above them pages back in time,
 * the form below adds one. A signed-in reader's page is live (the comments query joins the
 * whisper's room on the socket); a visitor sees them as they were when the page loaded.
 */
export function WhisperComments({ whisper }: { whisper: Pick<Whisper, '_id' | 'commentCount' | 'user'> }) {
  const me = useSelector(selectUserId);
  const now = useNow(RELATIVE_TIME_REFRESH_MS);
  const query = useGetCommentsInfiniteQuery(whisper._id);
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const [addComment] = useAddCommentMutation();
  const { keyFor, reset } = useIdempotencyKey();
  const threads = threadsOf(data);
  const count = data?.pages[0]?.commentCount ?? whisper.commentCount;

  const post = async (text: string) => {
    try {
      await addComment({ whisperId: whisper._id, text, idempotencyKey: keyFor([whisper._id, text]) }).unwrap();
      reset();
      return undefined;
    } catch (failure) {
      return getErrorMessage(failure, POST_COMMENT_FAILED);
    }
  };

  let body;
  if (isLoading) body = <Spinner label="Loading comments" />;
  else if (isError && !data) body = <LoadFailure title="Could not load comments" onRetry={refetch} />;
  else if (threads.length === 0) body = <p className="comments__empty">{NO_COMMENTS}</p>;
  else {
    body = (
      <ol className="comments__list" aria-label="Comments">
        {threads.map((thread) => (
          <CommentThread key={thread._id} thread={thread} whisperAuthorId={whisper.user._id} me={me} now={now} />
        ))}
      </ol>
    );
  }

  return (
    <section className="comments" aria-labelledby="comments-heading" id="comments">
      <h2 id="comments-heading" className="comments__heading">
        Comments <span className="comments__count">({count})</span>
      </h2>
      {hasNextPage && (
        <div className="comments__more">
          <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Loading...' : 'Load earlier comments'}
          </Button>
          {isFetchNextPageError && <FormAlert message={EARLIER_FAILED} />}
        </div>
      )}
      {body}
      {me ? (
        <CommentForm label="Add a comment" submitLabel="Post comment" busyLabel="Posting..." onSubmit={post} clearOnSuccess className="comments__new" />
      ) : (
        <p className="comments__login">
          <ButtonLink to={paths.login()} variant="secondary" size="sm">Log in to comment</ButtonLink>
        </p>
      )}
    </section>
  );
}
