import { useSelector } from 'react-redux';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { getFullName } from '@/entities/user';
import { RELATIVE_TIME_REFRESH_MS, WHISPER_CAROUSEL_MS, whisperImages } from '@/entities/whisper';
import { BlockButton } from '@/features/block-member';
import { FollowButton } from '@/features/follow-user';
import { LikeButton } from '@/features/like-whisper';
import { ReportButton } from '@/features/report-content';
import { getErrorMessage, useDeleteWhisperMutation, useGetWhisperProfileQuery, useGetWhisperQuery } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { getAppConfig, paths } from '@/shared/config';
import { timeAgo } from '@/shared/lib/date';
import { useNow } from '@/shared/lib/use-now';
import { ButtonLink } from '@/shared/ui/button';
import { RecordCard } from '@/shared/ui/card';
import { Carousel } from '@/shared/ui/carousel';
import { EmptyState } from '@/shared/ui/empty-state';
import { ExpandableText } from '@/shared/ui/expandable-text';
import { HiddenNotice } from '@/shared/ui/hidden-notice';
import { RecordFallback } from '@/shared/ui/load-failure';
import { PageMeta } from '@/shared/ui/page-meta';
import { Tag } from '@/shared/ui/tag';
import { OwnerButtons } from '@/widgets/record-actions';
import { WhisperComments } from './comments/whisper-comments';
import './whisper-detail.css';

/** The detail page shows this much of the story until 'See All' (spec §9). */
export const DETAIL_DESCRIPTION_CUT = 200;

/** /whispers/whisper-detail/{id}: the story, its author (Profile, Follow), Like; Edit and Delete for the author; the comments under it. */
export function WhisperDetailPage() {
  const { id = '' } = useParams();
  const { data: whisper, isLoading, error, refetch } = useGetWhisperQuery(id);
  const userId = useSelector(selectUserId);
  const now = useNow(RELATIVE_TIME_REFRESH_MS);
  const authorId = whisper?.user._id ?? '';
  const mine = whisper !== undefined && whisper !== null && whisper.user._id === userId;
  // The author's profile says whether the caller follows them (skipped for one's own whispers).
  const profile = useGetWhisperProfileQuery(authorId, { skip: !authorId || mine });
  const navigate = useNavigate();
  const [deleteWhisper, deleting] = useDeleteWhisperMutation();

  if (!whisper) {
    return (
      <div className="page whisper-detail">
        <RecordFallback
          query={{ isLoading, error, refetch }}
          loading="Loading whisper"
          titleAs="h1"
          failure="Could not load this whisper"
          missing={<EmptyState titleAs="h1" title="Whisper not found" description="It may have been deleted." action={<ButtonLink to={paths.whispers.root()}>Back to whispers</ButtonLink>} />}
        />
      </div>
    );
  }

  const author = getFullName(whisper.user);
  const remove = async () => {
    try {
      await deleteWhisper({ id: whisper._id, authorId: whisper.user._id }).unwrap();
      toast.success('Whisper deleted');
      navigate(paths.whispers.root());
    } catch (failure) {
      toast.error(getErrorMessage(failure));
    }
  };

  return (
    <div className="page whisper-detail">
      <PageMeta title={`${whisper.title} | ${getAppConfig().brandName}`} description={whisper.description.slice(0, 150)} />
      <HiddenNotice moderation={whisper.moderation} />
      <RecordCard
        title={whisper.title}
        media={<Carousel label={`${whisper.title} images`} images={whisperImages(whisper)} intervalMs={WHISPER_CAROUSEL_MS} aspectRatio={4 / 3} />}
      >
        <div className="whisper-detail__byline">
          <p className="whisper-detail__author">
            <span>{author}</span>
            <time dateTime={whisper.createdAt}>{timeAgo(whisper.createdAt, now)}</time>
          </p>
          <ButtonLink to={paths.whispers.profile(whisper.user._id)} variant="secondary" size="sm">
            Profile
          </ButtonLink>
          {!mine && <FollowButton userId={whisper.user._id} username={whisper.user.username} following={profile.data?.isFollowing} />}
        </div>
        {(whisper.location || whisper.category) && (
          <p className="whisper-detail__tags">
            {whisper.location && <span>{whisper.location}</span>}
            {whisper.category && <Tag>{whisper.category}</Tag>}
          </p>
        )}
        <ExpandableText text={whisper.description} cut={DETAIL_DESCRIPTION_CUT} />
        <div className="whisper-detail__actions">
          <LikeButton whisper={whisper} />
          {mine && (
            <OwnerButtons
              size="sm"
              owner={{
                editTo: paths.whispers.edit(whisper._id),
                deleteTitle: 'Delete this whisper?',
                deleteText: 'It will be gone for everyone, with its pictures and likes.',
                deleting: deleting.isLoading,
                onDelete: remove,
              }}
            />
          )}
          {!mine && (
            <>
              <ReportButton itemType="whisper" itemId={whisper._id} size="sm" />
              {/* Their whispers are gone for the caller once blocked: back to the list. */}
              <BlockButton userId={whisper.user._id} username={whisper.user.username} size="sm" onBlocked={() => navigate(paths.whispers.root())} />
            </>
          )}
        </div>
      </RecordCard>
      <WhisperComments whisper={whisper} />
    </div>
  );
}
