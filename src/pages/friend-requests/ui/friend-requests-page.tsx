import { useId } from 'react';
import { useSelector } from 'react-redux';
import { toast } from 'react-toastify';
import { getFullName, UserAvatar } from '@/entities/user';
import { getAppConfig, paths } from '@/shared/config';
import { useAnswerFriendRequestMutation, useGetFriendRequestsQuery, type FriendRequest } from '@/shared/api';
import { selectIsLoggedIn, selectUserId } from '@/shared/auth';
import { Button, ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageMeta } from '@/shared/ui/page-meta';
import { LoadingState } from '@/shared/ui/spinner';
import './friend-requests.css';

export const NOT_LOGGED_IN = {
  title: 'You are not logged in',
  text: 'Please log in to view your requests and connect with friends.',
  action: 'Login Now',
} as const;

function RequestRow({ request, userId }: { request: FriendRequest; userId: string }) {
  const [answer] = useAnswerFriendRequestMutation();
  const nameId = useId();
  const name = getFullName(request.sender);
  const reply = async (action: 'accept' | 'reject') => {
    // The row leaves at once (the mutation's optimistic patch); a failure puts it back with a notice.
    const result = await answer({ request, action, userId });
    if ('data' in result && result.data?.message) toast.success(result.data.message);
  };
  return (
    <li className="friend-requests__row">
      <UserAvatar user={{ ...request.sender, profileImage: request.sender.avatar }} />
      <div className="friend-requests__who">
        <span id={nameId} className="friend-requests__name">
          {name}
        </span>
        {request.sender.username && <span className="friend-requests__username">@{request.sender.username}</span>}
      </div>
      <div className="friend-requests__actions">
        <Button size="sm" onClick={() => void reply('accept')} aria-describedby={nameId}>
          Accept
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void reply('reject')} aria-describedby={nameId}>
          Reject
        </Button>
      </div>
    </li>
  );
}

/** /all-requests: the friend requests waiting for the user's answer, each with Accept and Reject. */
export function FriendRequestsPage() {
  const loggedIn = useSelector(selectIsLoggedIn);
  const userId = useSelector(selectUserId);
  const { data, isLoading, error, refetch } = useGetFriendRequestsQuery(undefined, { skip: !loggedIn });
  const meta = <PageMeta title={`Friend Requests | ${getAppConfig().brandName}`} description="Friend requests from other travellers." />;

  if (!loggedIn || !userId) {
    return (
      <div className="page friend-requests">
        {meta}
        <EmptyState titleAs="h1" icon="user" title={NOT_LOGGED_IN.title} description={NOT_LOGGED_IN.text} action={<ButtonLink to={paths.login()}>{NOT_LOGGED_IN.action}</ButtonLink>} />
      </div>
    );
  }

  let content;
  if (isLoading) {
    content = <LoadingState label="Loading requests" />;
  } else if (!data && error) {
    // Spec §8 logs this failure silently; the page still offers a way out.
    content = <LoadFailure title="Could not load your requests" onRetry={refetch} />;
  } else if (!data || data.requests.length === 0) {
    content = <EmptyState icon="companion" title="No pending requests" description="When travellers ask to be your friend, their requests show here." />;
  } else {
    content = (
      <ul className="friend-requests__list" aria-label="Pending friend requests">
        {data.requests.map((request) => (
          <RequestRow key={request._id} request={request} userId={userId} />
        ))}
      </ul>
    );
  }

  return (
    <div className="page friend-requests">
      {meta}
      <div className="friend-requests__header">
        <h1 className="page-title">Friend Requests</h1>
        {data && (
          <span className="friend-requests__count" role="status">
            {data.count} pending
          </span>
        )}
      </div>
      {content}
    </div>
  );
}
