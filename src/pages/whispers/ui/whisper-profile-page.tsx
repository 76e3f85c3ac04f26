import { useSelector } from 'react-redux';
import { Link, useParams } from 'react-router-dom';
import { getFullName, UserAvatar } from '@/entities/user';
import { likesText, whisperImages } from '@/entities/whisper';
import { AddFriendButton } from '@/features/add-friend';
import { BlockButton } from '@/features/block-member';
import { FollowButton } from '@/features/follow-user';
import { ReportButton } from '@/features/report-content';
import { useGetWhisperProfileQuery } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { getAppConfig, paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { ExpandableText } from '@/shared/ui/expandable-text';
import { hiddenNoticeText } from '@/shared/ui/hidden-notice';
import { Icon } from '@/shared/ui/icon';
import { RecordFallback } from '@/shared/ui/load-failure';
import { PageMeta } from '@/shared/ui/page-meta';
import './whisper-profile.css';

/** A profile's post shows this much of its story until 'See All' (spec §9). */
export const POST_DESCRIPTION_CUT = 25;

/** /whispers/profile/{userId}: an author's public profile, with Follow and their posts. */
export function WhisperProfilePage() {
  const { id = '' } = useParams();
  const { data: profile, isLoading, error, refetch } = useGetWhisperProfileQuery(id);
  const userId = useSelector(selectUserId);

  if (!profile) {
    return (
      <div className="page whisper-profile">
        <RecordFallback
          query={{ isLoading, error, refetch }}
          loading="Loading profile"
          titleAs="h1"
          failure="Could not load this profile"
          missing={<EmptyState titleAs="h1" title="User not found" description="This traveller is not here any more." action={<ButtonLink to={paths.whispers.root()}>Back to whispers</ButtonLink>} />}
        />
      </div>
    );
  }

  const name = getFullName(profile);
  const counts = [
    ['followers', profile.followersCount],
    ['following', profile.followingCount],
    ['posts', profile.postsCount],
  ] as const;
  return (
    <div className="page whisper-profile">
      <PageMeta title={`${name} | ${getAppConfig().brandName}`} description={`Whispers by @${profile.username}.`} />
      <section className="whisper-profile__head" aria-labelledby="profile-name">
        <UserAvatar user={profile} size={88} />
        <div className="whisper-profile__who">
          <h1 id="profile-name" className="page-title whisper-profile__name">
            {name}
          </h1>
          <p className="whisper-profile__username">@{profile.username}</p>
        </div>
        <dl className="whisper-profile__counts">
          {counts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {profile._id !== userId && !profile.blocked && (
          <div className="whisper-profile__actions">
            <FollowButton userId={profile._id} username={profile.username} following={profile.isFollowing} />
            <AddFriendButton userId={profile._id} status={profile.friendStatus} />
            {/* Logged out, the conversation screen shows its own 'You are not logged in' state. */}
            <ButtonLink variant="secondary" to={paths.messages.bySender(profile._id)}>
              Message
            </ButtonLink>
          </div>
        )}
        {profile._id !== userId && (
          <div className="whisper-profile__safety">
            {profile.blocked && <p className="whisper-profile__blocked">You blocked this member.</p>}
            <BlockButton userId={profile._id} username={profile.username} blocked={profile.blocked} size="sm" />
            <ReportButton itemType="user" itemId={profile._id} size="sm" />
          </div>
        )}
      </section>

      <section aria-labelledby="profile-posts">
        <h2 id="profile-posts" className="whisper-profile__subtitle">
          Posts
        </h2>
        {profile.posts.length === 0 ? (
          <EmptyState icon="whisper" title="No whispers yet" description={`@${profile.username} has not shared a story yet.`} />
        ) : (
          <ul className="whisper-profile__posts">
            {profile.posts.map((post) => {
              const [cover] = whisperImages(post);
              return (
                <li key={post._id} className="whisper-profile__post">
                  <Link to={paths.whispers.detail(post._id)} className="whisper-profile__post-link">
                    <img src={cover.src} alt={cover.alt} loading="lazy" width={320} height={240} />
                    <span className="whisper-profile__post-title">{post.title}</span>
                  </Link>
                  {/* Only its author is told, on their own profile. */}
                  {post.moderation?.hidden && <p className="whisper-profile__hidden">{hiddenNoticeText(post.moderation.reason)}</p>}
                  <ExpandableText text={post.description} cut={POST_DESCRIPTION_CUT} className="whisper-profile__post-text" />
                  <p className="whisper-profile__likes">
                    <Icon name="heart" size={16} /> {likesText(post.likes.length)}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
