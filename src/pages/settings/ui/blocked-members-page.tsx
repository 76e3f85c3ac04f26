import { useId } from 'react';
import { getFullName, UserAvatar } from '@/entities/user';
import { BlockButton } from '@/features/block-member';
import { useGetBlockedMembersQuery, type BlockedMember } from '@/shared/api';
import { getAppConfig, paths } from '@/shared/config';
import { BackLink } from '@/shared/ui/back-link';
import { Card } from '@/shared/ui/card';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageMeta } from '@/shared/ui/page-meta';
import { LoadingState } from '@/shared/ui/spinner';
import './blocked-members.css';

export const NO_BLOCKED_MEMBERS = 'You have not blocked anyone.';

function BlockedRow({ member }: { member: BlockedMember }) {
  const nameId = useId();
  return (
    <li className="blocked-members__row">
      <UserAvatar user={member} size={44} />
      <div id={nameId} className="blocked-members__who">
        <span className="blocked-members__name">{getFullName(member)}</span>
        {member.username && <span className="blocked-members__username">@{member.username}</span>}
      </div>
      <BlockButton userId={member._id} username={member.username} blocked size="sm" describedBy={nameId} />
    </li>
  );
}

/** /settings/blocked: the members the user blocked, each with Unblock. */
export function BlockedMembersPage() {
  const { data, isLoading, error, refetch } = useGetBlockedMembersQuery();

  let content;
  if (isLoading) {
    content = <LoadingState label="Loading blocked members" />;
  } else if (!data && error) {
    content = <LoadFailure title="Could not load your blocked members" onRetry={refetch} />;
  } else if (!data || data.length === 0) {
    content = <EmptyState icon="shield" title={NO_BLOCKED_MEMBERS} description="Block a member from their profile, a whisper, a conversation or a friend request." />;
  } else {
    content = (
      <ul className="blocked-members__list" aria-label="Blocked members">
        {data.map((member) => (
          <BlockedRow key={member._id} member={member} />
        ))}
      </ul>
    );
  }

  return (
    <div className="page settings blocked-members">
      <PageMeta title={`Blocked members | ${getAppConfig().brandName}`} description="Members you blocked." />
      <BackLink to={paths.settings.root()}>Account Settings</BackLink>
      <h1 className="page-title">Blocked members</h1>
      <p className="blocked-members__intro">Blocked members cannot message you, follow you or send you friend requests, and you do not see each other’s posts. They are not told.</p>
      <Card as="section" panel aria-label="Blocked members list">
        {content}
      </Card>
    </div>
  );
}
