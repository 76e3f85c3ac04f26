import { useId } from 'react';
import { useSelector } from 'react-redux';
import { getFullName, UserAvatar } from '@/entities/user';
import { AnswerButtons } from '@/features/answer-friend-request';
import { BlockButton } from '@/features/block-member';
import { SignedOut } from '@/features/require-login';
import { getAppConfig } from '@/shared/config';
import { useGetFriendRequestsQuery, type FriendRequest } from '@/shared/api';
import { selectIsLoggedIn, selectUserId } from '@/shared/auth';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageMeta } from '@/shared/ui/page-meta';
import { LoadingState } from '@/shared/ui/spinner';
import './friend-requests.css';

function RequestRow({ request, userId }: { request: FriendRequest; userId: string }) {
  const nameId = useId();
  const name = getFullName(request.sender);
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
        <AnswerButtons request={request} userId={userId} describedBy={nameId} />
        <BlockButton userId={request.sender._id} username={request.sender.username} size="sm" describedBy={nameId} />
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
        <SignedOut />
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
